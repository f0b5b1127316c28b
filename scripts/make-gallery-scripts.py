#!/usr/bin/env python3
"""Writes Resources/scripts/gallery/<effect>.json, one replay script per effect of `segue gallery --list`
(run: segue replay --scene gallery SCRIPT). Each chooses its effect (Down, once per row above it), then:
Space plays the push and the pop, timed so that frame 30 is the middle of the push (within half a frame), an edge drag scrubs a pop
of a pushed page to the middle and lets go near the edge (cancelled), Backspace pops it, Right and Left
switch tabs, P presents a sheet and Escape dismisses it."""
import json, os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
segue = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug", "segue")
lines = subprocess.run([segue, "gallery", "--list"], check=True, capture_output=True, text=True).stdout.split("\n")
effects = [(line.split("\t")[0], float(line.split("\t")[1])) for line in lines if line]
out = os.path.join(root, "Resources", "scripts", "gallery")
os.makedirs(out, exist_ok=True)
for old in os.listdir(out):
    if old.endswith(".json"):
        os.remove(os.path.join(out, old))

def slug(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-").replace("--", "-")

def space_time(duration):
    """The time of Space (ms) that puts frame 30 half-way through a push of `duration` seconds."""
    start_frame = 30 - round(duration * 30)
    return start_frame * 1000 // 60

for index, (name, duration) in enumerate(effects):
    events = [{"t": 0, "type": "key", "key": "Down"} for _ in range(index)]
    events.append({"t": space_time(duration), "type": "key", "key": "Space"})
    events.append({"t": 1600, "type": "key", "key": "Return"})
    t = 2400
    events.append({"t": t, "type": "down", "x": 5, "y": 300})
    for step in range(1, 13):
        events.append({"t": t + round(step * 1000 / 60), "type": "move", "x": 5 + 33 * step, "y": 300})
    t += 600
    for step in range(1, 13):
        events.append({"t": t + round(step * 1000 / 60), "type": "move", "x": 401 - 28 * step, "y": 300})
    events.append({"t": t + 400, "type": "up", "x": 65, "y": 300})
    events += [{"t": 4200, "type": "key", "key": "Backspace"}, {"t": 4900, "type": "key", "key": "Right"},
               {"t": 5600, "type": "key", "key": "Left"}, {"t": 6300, "type": "key", "key": "P"},
               {"t": 7000, "type": "key", "key": "Escape"}]
    script = {"size": [800, 600], "duration": 8000, "events": events}
    with open(os.path.join(out, slug(name) + ".json"), "w") as f:
        f.write(json.dumps(script, indent=None).replace('{"t"', '\n    {"t"').replace("]}", "\n  ]}") + "\n")
    print(slug(name) + ".json", name)
