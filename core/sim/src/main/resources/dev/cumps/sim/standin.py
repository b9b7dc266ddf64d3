# Body of the Python 3 stand-ins for NVIDIA's nvidia-smi and nvidia-cuda-mps-control.
# SimTools.install writes each executable as a header (ROLE, DEFAULT_CONFIG, NVIDIA_PIPE_DIRECTORY,
# NVIDIA_LOG_DIRECTORY, DAEMON_COMMAND, DAEMON_NAME, DAEMON_NAMED_WITHIN_S) followed by
# this file. It mirrors dev.cumps.sim.NvidiaSmi / SimConfig / SimGpu / MpsControlMain exactly (same output
# bytes, messages and exit codes; NvidiaSmiParityTest compares them); the control daemon itself stays Java
# (DAEMON_COMMAND). It imports nothing beyond os and sys on the nvidia-smi path, so it starts in a few ms.
# See docs/simulator.md.
import os
import sys

DRIVER_FAILURE = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
                  "driver. Make sure that the latest NVIDIA driver is installed and running.")
INVALID_ARGUMENTS = "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help."
PCI_BUSES = (0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB)
SMI_FAULTS = ("none", "hang", "fail", "garbage", "missing")
MPS_FAULTS = ("none", "launch-fails", "no-answer", "dies", "slow")
DEFAULT_DRIVER = "550.54.15"
# DriverProfile: branch -> the driver version nvidia-smi reports for it (CUMPS_SIM_DRIVER).
DRIVER_BRANCHES = {"470": "470.256.02", "535": "535.261.03", "550": DEFAULT_DRIVER, "555": "555.58.02"}
# DriverProfile.helpBanner: the copyright year of each branch's nvidia-cuda-mps-control -h.
COPYRIGHT_YEARS = {"470": "2017", "535": "2023", "550": "2023", "555": "2024"}
# DriverProfile.ignoresArguments: the branches whose control program refuses arguments that are no option.
REFUSES_ARGUMENTS = ("555",)
HEX = "0123456789abcdef"


class ConfigError(Exception):
    pass


# ---------------------------------------------------------------- a small JSON reader (no re, no _json)

def parse_json(text):
    value, i = _value(text, _ws(text, 0))
    if _ws(text, i) != len(text):
        raise ConfigError("unexpected text after the JSON value at offset %d" % i)
    return value


def _ws(s, i):
    while i < len(s) and s[i] in " \t\r\n":
        i += 1
    return i


def _value(s, i):
    if i >= len(s):
        raise ConfigError("unexpected end of JSON")
    c = s[i]
    if c == "{":
        obj = {}
        i = _ws(s, i + 1)
        if i < len(s) and s[i] == "}":
            return obj, i + 1
        while True:
            if i >= len(s) or s[i] != '"':
                raise ConfigError("expected a field name at offset %d" % i)
            key, i = _string(s, i)
            i = _ws(s, i)
            if i >= len(s) or s[i] != ":":
                raise ConfigError("expected ':' at offset %d" % i)
            obj[key], i = _value(s, _ws(s, i + 1))
            i = _ws(s, i)
            if i < len(s) and s[i] == ",":
                i = _ws(s, i + 1)
            elif i < len(s) and s[i] == "}":
                return obj, i + 1
            else:
                raise ConfigError("expected ',' or '}' at offset %d" % i)
    if c == "[":
        arr = []
        i = _ws(s, i + 1)
        if i < len(s) and s[i] == "]":
            return arr, i + 1
        while True:
            item, i = _value(s, i)
            arr.append(item)
            i = _ws(s, i)
            if i < len(s) and s[i] == ",":
                i = _ws(s, i + 1)
            elif i < len(s) and s[i] == "]":
                return arr, i + 1
            else:
                raise ConfigError("expected ',' or ']' at offset %d" % i)
    if c == '"':
        return _string(s, i)
    for word, val in (("true", True), ("false", False), ("null", None)):
        if s.startswith(word, i):
            return val, i + len(word)
    j = i
    while j < len(s) and s[j] in "+-0123456789.eE":
        j += 1
    token = s[i:j]
    try:
        return (float(token) if any(ch in token for ch in ".eE") else int(token)), j
    except ValueError:
        raise ConfigError("unexpected character %r at offset %d" % (c, i)) from None


_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _string(s, i):
    out = []
    i += 1
    while True:
        if i >= len(s):
            raise ConfigError("unterminated string")
        c = s[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\\":
            e = s[i + 1:i + 2]
            if e == "u":
                out.append(chr(int(s[i + 2:i + 6], 16)))
                i += 6
                continue
            if e not in _ESCAPES:
                raise ConfigError("bad escape at offset %d" % i)
            out.append(_ESCAPES[e])
            i += 2
            continue
        out.append(c)
        i += 1


# ---------------------------------------------------------------- SimConfig / SimGpu

def parse_int(name, value):
    v = value.strip()
    digits = v[1:] if v[:1] in "+-" else v
    if not digits or not all("0" <= ch <= "9" for ch in digits):
        raise ConfigError("%s must be an integer: %s" % (name, value))
    return int(v)


def is_uuid(u):
    if not u.startswith("GPU-"):
        return False
    parts = u[4:].split("-")
    return [len(p) for p in parts] == [8, 4, 4, 4, 12] and all(ch in HEX for p in parts for ch in p)


def compute_mode(mode):
    m = {"default": "Default", "0": "Default", "exclusive_process": "Exclusive_Process", "3": "Exclusive_Process",
         "prohibited": "Prohibited", "2": "Prohibited"}.get(mode.strip().lower())
    if m is None:
        raise ConfigError("compute mode must be Default, Exclusive_Process or Prohibited: " + mode)
    return m


def mig_mode(mode):
    m = {"enabled": "Enabled", "1": "Enabled", "disabled": "Disabled", "0": "Disabled"}.get(mode.strip().lower())
    if m is None:
        raise ConfigError("MIG mode must be Enabled or Disabled: " + mode)
    return m


def gpu(uuid, name, memory, cmode, mmode):
    if uuid is None or name is None:
        raise ConfigError("uuid" if uuid is None else "name")
    if not isinstance(uuid, str) or not is_uuid(uuid):
        raise ConfigError("not a GPU UUID (GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx): %s" % (uuid,))
    if memory <= 0:
        raise ConfigError("memoryTotalMiB must be positive: %d" % memory)
    return {"uuid": uuid, "name": str(name), "memory": memory,
            "compute": compute_mode("Default" if cmode is None else str(cmode)),
            "mig": mig_mode("Disabled" if mmode is None else str(mmode))}


def fault(kind, names, token):
    if token is None or not token.strip():
        return "none"
    wanted = token.strip().lower().replace("_", "-")
    if wanted not in names:
        raise ConfigError("unknown %s '%s'; expected one of %s" % (kind, token, ", ".join(names)))
    return wanted


def driver_branch(branch):
    if branch is None or not branch.strip():
        return "550"
    b = branch.strip()
    if b[:1] in ("r", "R"):
        b = b[1:]
    if b not in DRIVER_BRANCHES:
        raise ConfigError("unknown driver branch '%s' (known: %s)" % (branch, ", ".join(DRIVER_BRANCHES)))
    return b


def defaults(count):
    if count < 1:
        raise ConfigError("gpuCount must be at least 1: %d" % count)
    gpus = [gpu("GPU-5f0c1a2e-0000-4000-8000-%012x" % i, "NVIDIA H100 80GB HBM3", 81559, "Exclusive_Process",
                "Disabled") for i in range(count)]
    return {"driver": DEFAULT_DRIVER, "gpus": gpus, "smi": "none", "mps": "none", "branch": "550"}


def _number(field, value):
    if value is None:
        return 0
    if isinstance(value, bool):
        raise ConfigError("field %s is not a number" % field)
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        return parse_int(field, value)
    raise ConfigError("field %s is not a number" % field)


def _text(field, value):
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return str(value).lower() if isinstance(value, bool) else str(value)
    raise ConfigError("field %s is not a string" % field)


def load(path):
    try:
        with open(path, "rb") as f:
            text = f.read(1 << 20).decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError("%s (%s)" % (path, getattr(e, "strerror", None) or e)) from None
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise ConfigError("invalid simulator config %s: not a JSON object" % path)
    for key in doc:
        if key not in ("driverVersion", "gpus", "smiFault", "mpsFault", "mpsSlowMillis", "driverBranch"):
            raise ConfigError('Unrecognized field "%s" in simulator config %s' % (key, path))
    driver = _text("driverVersion", doc.get("driverVersion"))
    if driver is None:
        raise ConfigError("driverVersion")
    gpus = doc.get("gpus")
    if gpus is None:
        raise ConfigError("gpus")
    if not isinstance(gpus, list):
        raise ConfigError("field gpus is not a list")
    parsed = []
    for g in gpus:
        if not isinstance(g, dict):
            raise ConfigError("a GPU is not a JSON object")
        for key in g:
            if key not in ("uuid", "name", "memoryTotalMiB", "computeMode", "migMode"):
                raise ConfigError('Unrecognized field "%s" in a GPU of simulator config %s' % (key, path))
        parsed.append(gpu(_text("uuid", g.get("uuid")), _text("name", g.get("name")),
                          _number("memoryTotalMiB", g.get("memoryTotalMiB")), _text("computeMode", g.get("computeMode")),
                          _text("migMode", g.get("migMode"))))
    if not parsed:
        raise ConfigError("a simulated machine needs at least one GPU")
    branch = driver_branch(_text("driverBranch", doc.get("driverBranch")))
    return {"driver": driver, "gpus": parsed, "smi": fault("SmiFault", SMI_FAULTS, _text("smiFault", doc.get("smiFault"))),
            "mps": fault("MpsFault", MPS_FAULTS, _text("mpsFault", doc.get("mpsFault"))), "branch": branch}


def from_environment(env):
    path = env.get("CUMPS_SIM_CONFIG")
    config = defaults(2) if not path else load(path)

    def is_set(name):
        v = env.get(name)
        return v is not None and v.strip() != ""
    if is_set("CUMPS_SIM_GPUS"):
        config["gpus"] = defaults(parse_int("CUMPS_SIM_GPUS", env["CUMPS_SIM_GPUS"]))["gpus"]
    if is_set("CUMPS_SIM_COMPUTE_MODE"):
        mode = compute_mode(env["CUMPS_SIM_COMPUTE_MODE"])
        for g in config["gpus"]:
            g["compute"] = mode
    if is_set("CUMPS_SIM_MIG"):
        mode = mig_mode(env["CUMPS_SIM_MIG"])
        for g in config["gpus"]:
            g["mig"] = mode
    if is_set("CUMPS_SIM_SMI_FAULT"):
        config["smi"] = fault("SmiFault", SMI_FAULTS, env["CUMPS_SIM_SMI_FAULT"])
    if is_set("CUMPS_SIM_MPS_FAULT"):
        config["mps"] = fault("MpsFault", MPS_FAULTS, env["CUMPS_SIM_MPS_FAULT"])
    if is_set("CUMPS_SIM_MPS_SLOW_MS"):
        parse_int("CUMPS_SIM_MPS_SLOW_MS", env["CUMPS_SIM_MPS_SLOW_MS"])
    if is_set("CUMPS_SIM_DRIVER"):
        config["branch"] = driver_branch(env["CUMPS_SIM_DRIVER"])
        config["driver"] = DRIVER_BRANCHES[config["branch"]]
    return config


# ---------------------------------------------------------------- nvidia-smi (NvidiaSmi.run)

def smi_run(args, config, apps=(), now=0):
    f = config["smi"]
    if f == "fail":
        return 9, DRIVER_FAILURE + "\n\n", ""
    if f == "garbage":
        return 0, "\u0000\u0007%%%% NVML: [unexpected token 0x7f] <<<garbled>>>\n???;;;\n", ""
    if f == "missing":
        return 127, "", "nvidia-smi: command not found\n"
    query = fmt = ids = apps_query = None
    listing = False
    i = 0
    while i < len(args):
        arg = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if arg.startswith("--query-gpu="):
            query = arg[len("--query-gpu="):]
        elif arg == "--query-gpu" and nxt is not None:
            query = nxt
            i += 1
        elif arg.startswith("--query-compute-apps="):
            apps_query = arg[len("--query-compute-apps="):]
        elif arg.startswith("--format="):
            fmt = arg[len("--format="):]
        elif arg == "--format" and nxt is not None:
            fmt = nxt
            i += 1
        elif arg.startswith("--id="):
            ids = arg[len("--id="):]
        elif arg in ("-i", "--id") and nxt is not None:
            ids = nxt
            i += 1
        elif arg in ("-L", "--list-gpus"):
            listing = True
        else:
            return invalid()
        i += 1
    selected = select(ids, config)
    if selected is None:
        return 6, "No devices were found\n", ""
    if apps_query is not None:
        if query is None and not listing and fmt is not None:
            return query_apps(apps_query, fmt, selected, config, apps)
        return invalid()
    if listing and query is None and fmt is None:
        return 0, "".join("GPU %d: %s (UUID: %s)\n" % (i, config["gpus"][i]["name"], config["gpus"][i]["uuid"])
                          for i in selected), ""
    if query is not None and fmt is not None and not listing:
        return query_gpu(query, fmt, selected, config, apps, now)
    if query is None and fmt is None and not listing:
        return 0, summary(selected, config), ""
    return invalid()


def invalid():
    return 2, INVALID_ARGUMENTS + "\n", ""


def java_split(text, sep):
    """String.split(sep): trailing empty strings removed."""
    parts = text.split(sep)
    while len(parts) > 1 and parts[-1] == "":
        parts.pop()
    if parts == [""] and text != "":
        return []
    return parts


def jstrip(text):
    """String.trim(): strips code points <= U+0020."""
    a, b = 0, len(text)
    while a < b and text[a] <= " ":
        a += 1
    while b > a and text[b - 1] <= " ":
        b -= 1
    return text[a:b]


def select(ids, config):
    gpus = config["gpus"]
    if ids is None:
        return list(range(len(gpus)))
    chosen = []
    for ident in java_split(ids, ","):
        wanted = jstrip(ident)
        found = -1
        for i, g in enumerate(gpus):
            if wanted == str(i) or wanted.lower() == g["uuid"].lower():
                found = i
        if found < 0:
            return None
        chosen.append(found)
    return chosen


HEADERS = {"index": "index", "uuid": "uuid", "gpu_uuid": "uuid", "name": "name", "gpu_name": "name",
           "memory.total": "memory.total [MiB]", "compute_mode": "compute_mode", "mig.mode.current": "mig.mode.current",
           "driver_version": "driver_version", "pci.bus_id": "pci.bus_id", "gpu_bus_id": "pci.bus_id", "count": "count",
           "utilization.gpu": "utilization.gpu [%]", "memory.used": "memory.used [MiB]"}

APP_HEADERS = {"pid": "pid", "gpu_uuid": "gpu_uuid", "gpu_name": "gpu_name", "gpu_bus_id": "gpu_bus_id",
               "process_name": "process_name", "name": "process_name", "used_memory": "used_gpu_memory [MiB]",
               "used_gpu_memory": "used_gpu_memory [MiB]"}
CLIENT_NAME = "sim-cuda-app"


def csv_options(fmt):
    """(header, units, error): the --format options, as NvidiaSmi.Csv.of."""
    header = units = True
    for option in java_split(fmt, ","):
        o = jstrip(option).lower()
        if o == "csv":
            pass
        elif o == "noheader":
            header = False
        elif o == "nounits":
            units = False
        else:
            return None, None, (2, '"%s" is not a valid format option.\nPlease run \'nvidia-smi -h\' for help.\n' % jstrip(option), "")
    if "csv" not in fmt.lower():
        return None, None, invalid()
    return header, units, None


def utilization(clients, now):
    """SimApps.utilization: 0 when idle, else min(100, 30 * clients + now mod 20)."""
    return 0 if clients == 0 else min(100, 30 * clients + now % 20)


def running(pid):
    """SimProcs.running: /proc/<pid>/stat exists and its state is not Z or X."""
    try:
        with open("/proc/%s/stat" % pid, "rb") as f:
            stat = f.read().decode("utf-8", "replace")
    except OSError:
        return False
    close = stat.rfind(")")
    if close < 0 or close + 2 >= len(stat):
        return False
    return stat[close + 2] not in "ZXx"


def live_apps(env):
    """SimApps.live: the apps/<pid> files beside the config file whose pid still runs."""
    config = env.get("CUMPS_SIM_CONFIG")
    if not config:
        return []
    folder = os.path.join(os.path.dirname(os.path.abspath(config)), "apps")
    apps = []
    try:
        names = os.listdir(folder)
    except OSError:
        return apps
    for name in names:
        if not (name.isdigit() and name.isascii() and name[0] != "0" and len(name) <= 10):
            continue
        path = os.path.join(folder, name)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            import stat
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            parts = os.read(fd, 4096).decode("utf-8", "replace").strip().split(",")
        finally:
            os.close(fd)
        if len(parts) != 2 or not (parts[1].isdigit() and parts[1].isascii() and len(parts[1]) <= 9):
            continue
        if running(name):
            apps.append((int(name), parts[0], int(parts[1])))
    apps.sort()
    return apps


def query_apps(query, fmt, selected, config, apps):
    header, units, error = csv_options(fmt)
    if error:
        return error
    fields = [jstrip(f) for f in java_split(query, ",") if jstrip(f)]
    for name in fields:
        if name not in APP_HEADERS:
            return 2, 'Field "%s" is not a valid field to query.\n\n' % name, ""
    if not fields:
        return invalid()
    out = []
    if header:
        out.append(", ".join(APP_HEADERS[f] for f in fields) + "\n")
    for i in selected:
        g = config["gpus"][i]
        for pid, uuid, used in apps:
            if uuid.lower() != g["uuid"].lower():
                continue
            row = []
            for f in fields:
                if f == "pid":
                    row.append(str(pid))
                elif f == "gpu_uuid":
                    row.append(g["uuid"])
                elif f == "gpu_name":
                    row.append(g["name"])
                elif f == "gpu_bus_id":
                    row.append(bus_id(i))
                elif f in ("process_name", "name"):
                    row.append(CLIENT_NAME)
                else:
                    row.append(str(used) + (" MiB" if units else ""))
            out.append(", ".join(row) + "\n")
    return 0, "".join(out), ""


def query_gpu(query, fmt, selected, config, apps=(), now=0):
    header, units, error = csv_options(fmt)
    if error:
        return error
    fields = []
    for field in java_split(query, ","):
        name = jstrip(field)
        if not name:
            continue
        if name not in HEADERS:
            return 2, 'Field "%s" is not a valid field to query.\n\n' % name, ""
        fields.append(name)
    if not fields:
        return invalid()
    out = []
    if header:
        out.append(", ".join(HEADERS[f] for f in fields) + "\n")
    for i in selected:
        on = [a for a in apps if a[1].lower() == config["gpus"][i]["uuid"].lower()]
        row = []
        for f in fields:
            if f == "utilization.gpu":
                row.append(str(utilization(len(on), now)) + (" %" if units else ""))
            elif f == "memory.used":
                row.append(str(sum(a[2] for a in on)) + (" MiB" if units else ""))
            else:
                row.append(value(f, i, config, units))
        out.append(", ".join(row) + "\n")
    return 0, "".join(out), ""


def value(field, index, config, units):
    g = config["gpus"][index]
    if field == "index":
        return str(index)
    if field in ("uuid", "gpu_uuid"):
        return g["uuid"]
    if field in ("name", "gpu_name"):
        return g["name"]
    if field == "memory.total":
        return str(g["memory"]) + (" MiB" if units else "")
    if field == "compute_mode":
        return g["compute"]
    if field == "mig.mode.current":
        return g["mig"]
    if field == "driver_version":
        return config["driver"]
    if field in ("pci.bus_id", "gpu_bus_id"):
        return bus_id(index)
    if field == "count":
        return str(len(config["gpus"]))
    return "[N/A]"


def bus_id(index):
    return "00000000:%02X:00.0" % (PCI_BUSES[index] if index < len(PCI_BUSES) else 0x10 + index)


def summary(selected, config):
    rule = "+" + "-" * 89 + "+\n"
    cells = "+" + "-" * 41 + "+" + "-" * 24 + "+" + "-" * 22 + "+\n"

    def wide(text):
        return "| %-87s |\n" % text

    def row(a, b, c):
        return "| %-39s | %-22s | %-20s |\n" % (a, b, c)
    d = config["driver"]
    out = [rule, wide("NVIDIA-SMI %-21s Driver Version: %-14s CUDA Version: 12.4" % (d, d)), cells.replace("+", "|"),
           row("GPU  Name                 Persistence-M", "Bus-Id          Disp.A", "Volatile Uncorr. ECC"),
           row("", "          Memory-Usage", "GPU-Util  Compute M."), row("", "", "              MIG M."),
           cells.replace("-", "=").replace("+", "|")]
    for i in selected:
        g = config["gpus"][i]
        name = g["name"][:30]
        mode = "E. Process" if g["compute"] == "Exclusive_Process" else g["compute"]
        out.append(row("%3d  %-30s  On" % (i, name), "%-16s   Off" % bus_id(i), "%20s" % "0"))
        out.append(row("", "%22s" % ("0MiB / %dMiB" % g["memory"]), "%2s%%%17s" % ("0", mode)))
        out.append(row("", "", "%20s" % g["mig"]))
        out.append(cells)
    out += ["\n", rule, wide("Processes:"),
            wide(" GPU   GI   CI        PID   Type   Process name                              GPU Memory"),
            "|" + "=" * 89 + "|\n", wide(" No running processes found"), rule]
    return "".join(out)


def nvidia_smi(args, env):
    try:
        config = from_environment(env)
    except (ConfigError, ValueError, RecursionError) as e:
        sys.stderr.write("cumps-sim: nvidia-smi stand-in: %s\n" % e)
        return 70
    if config["smi"] == "hang":
        import time
        while True:
            time.sleep(3600)
    import time
    code, out, err = smi_run(args, config, live_apps(env), int(time.time()))
    sys.stdout.buffer.write(out.encode("utf-8"))
    sys.stdout.flush()
    sys.stderr.buffer.write(err.encode("utf-8"))
    sys.stderr.flush()
    return code


# ---------------------------------------------------------------- nvidia-cuda-mps-control (MpsControlMain)

NO_DAEMON = "Cannot find MPS control daemon process"
ALREADY_RUNNING = "An instance of this daemon is already running"


def pipe_directory(env):
    value = env.get("CUDA_MPS_PIPE_DIRECTORY")
    if not value:
        value = env.get("CUMPS_SIM_NVIDIA_PIPE_DIRECTORY") or "/tmp/nvidia-mps"
    return os.path.abspath(value)


def log_directory(env):
    value = env.get("CUDA_MPS_LOG_DIRECTORY")
    return os.path.abspath(value if value else "/var/log/nvidia-mps")


def configured_branch(env):
    """The driver branch of the config, or None after the config error (exit 70) was printed."""
    try:
        return from_environment(env)["branch"]
    except (ConfigError, ValueError, RecursionError) as e:
        sys.stderr.write("cumps-sim: nvidia-cuda-mps-control stand-in: %s\n" % e)
        return None


def help_banner(env, code=0):
    """-h: NVIDIA's banner with the copyright year of the configured branch (DriverProfile.helpBanner)."""
    branch = configured_branch(env)
    if branch is None:
        return 70
    sys.stdout.write("CUDA MPS Control for Linux/Unix.\n"
                     "Copyright (C) 2003 - %s NVIDIA Corporation.\n"
                     "\n"
                     "  This program allows multiple CUDA processes to share a single GPU context. For information on how "
                     "to use the CUDA MPS, see the nvidia-cuda-mps-control manual page.\n"
                     "\n" % COPYRIGHT_YEARS[branch])
    sys.stdout.flush()
    return code


def log_stamp():
    import time
    now = time.time()
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now)) + ".%03d" % (int(now * 1000) % 1000)


def send_to_log_fifo(pipe, line):
    """LogFifo.send: hands a line to the daemon reading <pipe>/log (it lands in its server.log, or on its stdout
    with -f); nothing when there is no such FIFO or nobody reads it (ENXIO), as NVIDIA's line is dropped."""
    import stat
    fifo = os.path.join(pipe, "log")
    try:
        if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
            return
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.write(fd, (line + "\n").encode("utf-8"))
    except OSError:
        pass
    finally:
        os.close(fd)


def refuse(env):
    """MpsControlMain.refuse: a -d or -f refused because a daemon holds the pipe directory."""
    log = log_directory(env)
    send_to_log_fifo(pipe_directory(env), "[%s Other %5d] Using log directory: %s" % (log_stamp(), os.getpid(), log))
    sys.stdout.write(ALREADY_RUNNING + "\n")
    sys.stdout.flush()
    return 1


def daemon_present(pipe):
    """Whether a daemon holds <pipe>/control_lock (a POSIX record lock, as Java's FileLock) or accepts on <pipe>/control."""
    lock = os.path.join(pipe, "control_lock")
    if os.path.exists(lock):
        import fcntl
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            fd = -1
        if fd >= 0:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.lockf(fd, fcntl.LOCK_UN)
            except OSError:
                return True
            finally:
                os.close(fd)
    import socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        s.connect(os.path.join(pipe, "control"))
        return True
    except OSError:
        return False
    finally:
        s.close()


def setsid_path(env):
    for candidate in ("/usr/bin/setsid", "/bin/setsid"):
        if os.access(candidate, os.X_OK):
            return candidate
    for d in env.get("PATH", "").split(":"):
        candidate = os.path.join(d if d else ".", "setsid")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def daemonize(env):
    if daemon_present(pipe_directory(env)):
        return refuse(env)
    command = list(DAEMON_COMMAND) + ["--internal-daemon"]
    setsid = setsid_path(env)
    if setsid:
        command.insert(0, setsid)
    try:
        pid = os.fork()
    except OSError as e:
        sys.stderr.write("Failed to start the MPS control daemon: %s\n" % e)
        return 1
    if pid == 0:
        try:
            null = os.open("/dev/null", os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execve(command[0], command, env)
        finally:
            os._exit(127)
    await_daemon_name(pid, DAEMON_NAMED_WITHIN_S)
    return 0


def await_daemon_name(pid, limit):
    """Returns once the daemon bears NVIDIA's process name, has ended, or limit seconds have passed
    (MpsControlMain.awaitDaemonName): NVIDIA's -d forks its daemon from itself, so whoever looks for it
    by that name once -d has returned finds it; this stand-in's daemon is a JVM that names itself later."""
    import time
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            ended, _ = os.waitpid(pid, os.WNOHANG)
            if ended:
                return
            # Until it has become the daemon's JVM, the child is this process's fork, which bears the
            # same name (this script's, nvidia-cuda-mps-control, cut to 15 bytes), then setsid, then java.
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                program = f.read().split(b"\0")[0].decode("utf-8", "replace")
            with open("/proc/%d/comm" % pid, encoding="utf-8", errors="replace") as f:
                if program == DAEMON_COMMAND[0] and f.read().startswith(DAEMON_NAME):
                    return
        except OSError:
            return
        time.sleep(0.005)


# NVIDIA's MPS control protocol (ControlWire): a SOCK_SEQPACKET socket with SO_PASSCRED; the daemon greets with
# OUTBHELL\0 and its credentials, the client answers OUTBCRED\0 with its own, then the connection type 4; each command
# is an 8-byte little-endian length (text, newline, NUL) and that text; 8 zero bytes end the input. Each line of an
# answer is a message of its own (type 0, 4 bytes little-endian, then the line); the end is type 1 and a status.
HELLO = b"OUTBHELL\0"
MESSAGE_CAPACITY = 4 + 4096


def client(env):
    """One connection for all of stdin, as NVIDIA's client (MpsControlMain.client): each line (as typed, blank ones
    too) is a command, sent as it is read, up to a quit; each line of the answers is printed as it comes; exit 0 on
    the daemon's end, or when it closes the connection after quit. Like NVIDIA's client it waits as long as the daemon
    takes (whoever runs it bounds it)."""
    import select
    import socket
    import struct
    control = os.path.join(pipe_directory(env), "control")
    out = sys.stdout.buffer
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
            s.connect(control)
            if s.recv(MESSAGE_CAPACITY) != HELLO:
                return no_daemon()
            s.sendmsg([b"OUTBCRED\0"], [(socket.SOL_SOCKET, socket.SCM_CREDENTIALS,
                                          struct.pack("=iII", os.getpid(), os.getuid(), os.getgid()))])
            s.send(struct.pack("<i", 4))
        except OSError:
            return no_daemon()
        s.setblocking(False)
        outgoing = []
        pending = b""
        stdin = sys.stdin.fileno()
        reading = True
        quit = False
        while True:
            readers = [s] + ([stdin] if reading else [])
            readable, writable, _ = select.select(readers, [s] if outgoing else [], [])
            if stdin in readable:
                chunk = os.read(stdin, 65536)
                pending += chunk
                lines = pending.split(b"\n")
                pending = lines.pop()
                if not chunk:
                    reading = False
                    if pending:
                        lines.append(pending)
                for line in lines:
                    if line.endswith(b"\r"):
                        line = line[:-1]
                    text = line + b"\n\0"
                    outgoing += [struct.pack("<q", len(text)), text]
                    if line.decode("utf-8", "replace").strip() == "quit":
                        quit = True
                        reading = False
                        break
                if not reading and not quit:
                    outgoing.append(bytes(8))
            if s in writable and outgoing:
                try:
                    s.send(outgoing[0])
                    outgoing.pop(0)
                except BlockingIOError:
                    pass
                except OSError:
                    outgoing = []  # the daemon closed: what it sent before is still to be read
            if s in readable:
                try:
                    message = s.recv(MESSAGE_CAPACITY)
                except BlockingIOError:
                    continue
                except OSError:
                    message = b""
                if not message:
                    return 0 if quit and not outgoing else no_daemon()
                kind = struct.unpack("<i", message[:4])[0] if len(message) >= 4 else -1
                if kind == 0:
                    out.write(message[4:] + b"\n")
                    out.flush()
                elif kind == 1 and len(message) == 8:
                    return 0
                else:
                    return no_daemon()
    finally:
        s.close()


def no_daemon():
    sys.stderr.write(NO_DAEMON + "\n")
    sys.stderr.flush()
    return 1


def mps_control(args, env):
    # MpsControlMain.mode: an option counts only as the one and only argument; any other arguments (a command word
    # such as get_server_list among them) run the user interface, which reads its commands from stdin, as NVIDIA's
    # R470 to R550 do; R555 prints its banner and exits 1 (MpsControlMain.notAnOption).
    mode = args[0] if len(args) == 1 and args[0] in ("-d", "-f", "-h", "--help", "--internal-daemon") else ""
    if mode == "" and args:
        branch = configured_branch(env)
        if branch is None:
            return 70
        if branch in REFUSES_ARGUMENTS:
            return help_banner(env, 1)
    if mode == "":
        return client(env)
    if mode == "-d":
        return daemonize(env)
    if mode == "-f" and daemon_present(pipe_directory(env)):
        return refuse(env)
    if mode in ("-f", "--internal-daemon"):
        os.execve(DAEMON_COMMAND[0], list(DAEMON_COMMAND) + [mode], env)
    return help_banner(env)


def main():
    env = dict(os.environ)
    if DEFAULT_CONFIG and not env.get("CUMPS_SIM_CONFIG"):
        env["CUMPS_SIM_CONFIG"] = DEFAULT_CONFIG
        os.environ["CUMPS_SIM_CONFIG"] = DEFAULT_CONFIG
    # The simulated host's own default pipe and log directories (its /tmp/nvidia-mps, /var/log/nvidia-mps).
    for name, value in (("CUMPS_SIM_NVIDIA_PIPE_DIRECTORY", NVIDIA_PIPE_DIRECTORY),
                        ("CUMPS_SIM_NVIDIA_LOG_DIRECTORY", NVIDIA_LOG_DIRECTORY)):
        env[name] = value
        os.environ[name] = value
    args = sys.argv[1:]
    try:
        code = nvidia_smi(args, env) if ROLE == "nvidia-smi" else mps_control(args, env)
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


if __name__ == "__main__":
    main()
