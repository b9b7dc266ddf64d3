public class Zero { public static void main(String[] a) { System.out.println("fd"); } }
