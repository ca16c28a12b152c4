// Preloaded into the server by bench/load.ts (`node --import ./bench/event-loop-probe.mjs ...`):
// measures the server's event-loop delay without any code in the product.
//   SIGWINCH (unused by the server, ignored by default): write the histogram since the last SIGWINCH (and the worst delay of every second) to
//            $BENCH_EVENT_LOOP_FILE as JSON, then start a new one.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The worst delay seen in each one-second slot, to show bursts over time.
  let perSecond = [];
  let slotStart = Date.now();
  let slotWorst = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    slotWorst = Math.max(slotWorst, now - last - 10);
    last = now;
    if (Date.now() - slotStart >= 1000) {
      perSecond.push(Math.round(slotWorst));
      slotStart = Date.now();
      slotWorst = 0;
    }
  }, 10);
  tick.unref();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on("SIGWINCH", () => {
    const snapshot = {
      count: histogram.count,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      worstPerSecond: perSecond,
    };
    writeFileSync(file, JSON.stringify(snapshot));
    histogram.reset();
    perSecond = [];
    slotStart = Date.now();
    slotWorst = 0;
  });
}
