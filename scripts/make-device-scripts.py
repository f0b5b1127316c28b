#!/usr/bin/env python3
"""Writes Resources/scripts/device/*.json: the iPhone gestures of spec gestures-and-timing's release table
(iPhone 16 Pro, iOS 27, 402 x 874 pt) as replay scripts for the demo app, from the table's descriptions.

Each script pushes a page (Return at t = 0), puts a finger down at x = 1 pt on the left edge at t = 1 s
and moves it as the row describes, sampled at 120 Hz (the device's touch rate) on thirds of a point (a 3x
screen). Times are written to the microsecond, rounded down, so a sample that falls on a 60 Hz frame is
delivered in that frame. Where a row gives the finger's release velocity by the rule's measure (the
flick-backs), the return stroke eases out so that the measure at the lift is the row's; moving releases
go at constant speed; held ones ease in and out and rest before the lift.

Run it from the repository's top: python3 scripts/make-device-scripts.py
"""
import json, math, os

W = 402.0
H = 874.0
RATE = 120.0          # touch samples per second
DOWN_X = 1.0          # the finger goes down here, inside the 20 pt edge strip
Y = 437.0             # half the height: the middle of the page
T0 = 1000.0           # ms: the down
WINDOW = 50.0         # ms: the release rule's window

def third(x):
    return round(x * 3) / 3

def ms(t):
    return math.floor(t * 1000) / 1000

def ease_in_out(s):
    return 0.5 - 0.5 * math.cos(math.pi * s)

class Path:
    """A finger path: (time ms, x) samples from the down."""
    def __init__(self):
        self.samples = [(T0, DOWN_X)]
    @property
    def t(self):
        return self.samples[-1][0]
    @property
    def x(self):
        return self.samples[-1][1]
    def stroke(self, to_x, duration_ms, curve):
        n = max(1, round(duration_ms * RATE / 1000))
        t0, x0 = self.samples[-1]
        for i in range(1, n + 1):
            self.samples.append((T0 + (len(self.samples)) * 1000 / RATE, x0 + (to_x - x0) * curve(i / n)))
    def hold(self, duration_ms):
        n = round(duration_ms * RATE / 1000)
        for _ in range(n):
            self.samples.append((T0 + len(self.samples) * 1000 / RATE, self.x))

def ease_out_for(release_v_wps, distance, duration_ms):
    """An ease-out 1 - (1 - s)^k whose displacement over the last WINDOW ms of the stroke, over WINDOW, is the
    release velocity asked for (widths per second; the stroke's distance signed)."""
    share = abs(release_v_wps) * W * WINDOW / 1000 / abs(distance)   # of the distance in the last window
    s_start = 1 - WINDOW / duration_ms
    k = math.log(share) / math.log(1 - s_start)
    return lambda s: 1 - (1 - s) ** k

ROWS = [
    # name, description, device page x at lift (W), release v (W/s), outcome, settle ms
    ("held-at-0.66", "drag to ~280 pt, held, released", 0.658, 0.0, "pops", 259),
    ("back-to-40-held", "to 140 pt, back to 40, held", 0.058, 0.0, "returns", 177),
    ("25-percent-held", "25 % of W over 1 s, held 0.4 s", 0.213, 0.0, "returns", 245),
    ("30-percent-held", "30 % over 1 s, held", 0.265, 0.0, "returns", 252),
    ("35-percent-held", "35 % over 1 s, held", 0.315, 0.0, "pops", 395),
    ("40-percent-held", "40 % over 1 s, held", 0.362, 0.0, "pops", 390),
    ("80pt-in-0.2s", "80 pt in 0.2 s, released moving", 0.116, 0.98, "returns", 236),
    ("90pt-in-0.2s", "90 pt in 0.2 s, released moving", 0.130, 1.14, "pops", 388),
    ("flick-back-to-200", "to 260 pt, back to 200 in 0.1 s", 0.508, -1.03, "pops", 370),
    ("flick-back-to-170", "to 260 pt, back to 170 in 0.1 s", 0.462, -1.49, "returns", 312),
]

def path_for(name, v):
    p = Path()
    if name == "held-at-0.66":
        p.stroke(280, 600, ease_in_out); p.hold(400)
    elif name == "back-to-40-held":
        p.stroke(140, 400, ease_in_out); p.stroke(40, 400, ease_in_out); p.hold(400)
    elif name.endswith("-percent-held"):
        share = int(name.split("-")[0]) / 100
        p.stroke(DOWN_X + share * W, 1000, ease_in_out); p.hold(400)
    elif name in ("80pt-in-0.2s", "90pt-in-0.2s"):
        p.stroke(DOWN_X + (80 if name.startswith("80") else 90), 200, lambda s: s)
    elif name.startswith("flick-back-to-"):
        back_to = float(name.rsplit("-", 1)[1])
        p.stroke(260, 500, ease_in_out)
        p.stroke(back_to, 100, ease_out_for(v, back_to - 260, 100))
    return p

def script(name, v):
    p = path_for(name, v)
    events = [{"t": 0, "type": "key", "key": "Return"}]
    for i, (t, x) in enumerate(p.samples):
        # The last sample is the lift (the finger's last place and time).
        kind = "down" if i == 0 else "up" if i == len(p.samples) - 1 else "move"
        events.append({"t": ms(t), "type": kind, "x": third(x), "y": Y})
    return {"size": [int(W), int(H)], "duration": ms(p.t) + 1000, "events": events}

def number(v):
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if isinstance(v, float) else json.dumps(v)

PROGRAMMATIC = [
    # name, description, keys (t ms, key), device settle from the onset of motion (ms)
    ("programmatic-push", "programmatic push (Return, no finger)", [(1000, "Return")], 371),
    ("programmatic-pop", "programmatic pop (Backspace, no finger)", [(0, "Return"), (1000, "Backspace")], 373),
]

def write(path, s, row):
    name, description, page, v, outcome, settle = row
    device = {"gesture": description, "pageAtLift": page, "releaseVelocity": v, "outcome": outcome, "settle": settle}
    if page is None:
        device = {"gesture": description, "settle": settle, "settleFrom": "onset"}
    fields = ", ".join(f'"{k}": {number(val)}' for k, val in device.items())
    lines = ["{",
             '  "comment": "iPhone 16 Pro, iOS 27, 402 x 874 pt (spec gestures-and-timing, the release table), '
             'written by scripts/make-device-scripts.py; device: what the iPhone did (W = 402 pt, settle in ms '
             'from the lift, or from the onset of motion)",',
             "  \"device\": {" + fields + "},",
             f'  "size": [{s["size"][0]}, {s["size"][1]}],', f'  "duration": {number(s["duration"])},', '  "events": [']
    for i, e in enumerate(s["events"]):
        fields = ", ".join(f'"{k}": {number(val)}' for k, val in e.items())
        lines.append("    {" + fields + "}" + ("," if i < len(s["events"]) - 1 else ""))
    lines += ["  ]", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")

if __name__ == "__main__":
    out = "Resources/scripts/device"
    os.makedirs(out, exist_ok=True)
    for row in ROWS:
        write(os.path.join(out, row[0] + ".json"), script(row[0], row[3]), row)
    for name, description, keys, settle in PROGRAMMATIC:
        events = [{"t": t, "type": "key", "key": k} for t, k in keys]
        write(os.path.join(out, name + ".json"), {"size": [int(W), int(H)], "duration": 2000, "events": events},
              (name, description, None, None, None, settle))
    print(f"wrote {len(ROWS) + len(PROGRAMMATIC)} scripts to {out}")
