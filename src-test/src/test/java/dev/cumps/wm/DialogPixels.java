package dev.cumps.wm;

import java.awt.image.BufferedImage;

/**
 * What a dialog's picture ({@link XDesktop#image}) shows at its bottom edge. A dialog whose button
 * bar is wholly inside it ends in a few rows of its plain background (the pane's padding), and the
 * rows right above are the button bar: right-aligned buttons, nothing on the left half. A dialog
 * whose content grew after it was placed ends inside its buttons (the bottom row crosses them), or,
 * with the buttons pushed out entirely, in the form's text, which starts on the left.
 */
record DialogPixels(int width, int height, int marginBelowButtons, boolean leftOfButtonsPlain, int redPixels) {

    /** How far two colours may differ and still count as the same background (anti-aliasing aside). */
    private static final int TOLERANCE = 16;
    /** The rows of the button bar checked for anything on its left half. */
    private static final int BUTTON_ROWS = 16;

    static DialogPixels of(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        int y = h - 1;
        while (y >= 0 && plain(image, y, 0, w)) {
            y--;
        }
        int margin = h - 1 - y;
        boolean leftPlain = y >= 0;
        for (int row = y; row >= 0 && row > y - BUTTON_ROWS && leftPlain; row--) {
            leftPlain = plain(image, row, 0, w * 45 / 100);
        }
        int red = 0;
        for (int row = 0; row < h; row++) {
            for (int x = 0; x < w; x++) {
                int rgb = image.getRGB(x, row);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (r >= 150 && g <= 100 && b <= 100 && r - g >= 80) {
                    red++;
                }
            }
        }
        return new DialogPixels(w, h, margin, leftPlain, red);
    }

    /** Whether the refusal (the danger colour's text) is drawn. */
    boolean showsRefusal() {
        return redPixels >= 10;
    }

    /** The button bar ends a few plain rows above the bottom edge: neither cut nor followed by an empty band. */
    boolean buttonsWhole() {
        return marginBelowButtons >= 3 && marginBelowButtons <= 60 && leftOfButtonsPlain;
    }

    private static boolean plain(BufferedImage image, int y, int fromX, int toX) {
        int first = image.getRGB(fromX, y);
        for (int x = fromX + 1; x < toX; x++) {
            if (!same(first, image.getRGB(x, y))) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > TOLERANCE) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return width + "x" + height + " px, " + marginBelowButtons + " plain rows at the bottom, left of the buttons "
                + (leftOfButtonsPlain ? "plain" : "not plain") + ", " + redPixels + " red pixels";
    }
}
