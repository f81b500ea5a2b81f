import { rawPut, sequentialCommands, townCommandRuntime } from './command-load.ts';
import { percentile, round } from './lib.ts';

/**
 * How the command round trip and the raw PutItem floor settle as a fresh runtime warms up: the
 * median of each window of 300 calls, over 2,400 of each (interleaved in windows). Used to choose
 * `WARM_UP` in command-load.ts. `npx tsx scripts/bench/warm-up.ts`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { raw, caller, next, stop } = await townCommandRuntime('warm');
try {
  for (let w = 0; w < 8; w++) {
    const put: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await rawPut(raw, i);
      put.push(performance.now() - t);
    }
    const cmd = (await sequentialCommands(caller, 300, next, undefined, 0)).wall;
    const [c, p] = [percentile(cmd, 50), percentile(put, 50)];
    console.log(
      `calls ${w * 300}-${w * 300 + 299}: command ${round(c)} ms, put ${round(p)} ms, ratio ${round(c / p)}`,
    );
  }
} finally {
  await stop();
}
