import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
await p.goto(process.argv[2], { waitUntil: "networkidle" });
await p.waitForTimeout(1500);
const { profile } = await cdp.send("Profiler.stop");
const self = new Map(); const byId = new Map(profile.nodes.map(n => [n.id, n]));
const dt = profile.timeDeltas; const counts = new Map();
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) || 0) + (dt[i] || 0)));
for (const [id, t] of counts) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").pop()}:${cf.lineNumber}`; self.set(key, (self.get(key) || 0) + t); }
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const callers = new Map();
for (const [id, t] of counts) { const n = byId.get(id); if (n.callFrame.functionName !== "appendChild") continue; let chain = []; let cur = parent.get(id); for (let i = 0; i < 6 && cur; i++) { const cf = byId.get(cur).callFrame; chain.push(`${cf.functionName||"anon"}@${cf.url.split("/").pop()}:${cf.lineNumber}:${cf.columnNumber}`); cur = parent.get(cur); } const k = chain.join(" < "); callers.set(k, (callers.get(k) || 0) + t); }
for (const [k, t] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log("appendChild", (t / 1000).toFixed(1), k);
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, t] of top) console.log((t / 1000).toFixed(1).padStart(7), "ms", k);
await b.close();
