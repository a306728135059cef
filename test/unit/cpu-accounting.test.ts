import { cpuSince, machineCpu, serviceCpu } from '../../loadtest/lib/cpu-accounting.js';

/** The /proc reading behind `npm run loadtest:profile`, on this very process (Linux only). */
const onLinux = process.platform === 'linux' ? describe : describe.skip;

onLinux('CPU accounting from /proc', () => {
  const spin = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it("charges a busy main thread to the service's main thread, and to the machine", () => {
    const before = serviceCpu(process.pid);
    const machineBefore = machineCpu();
    spin(300);
    const spent = cpuSince(before, serviceCpu(process.pid));
    const machineAfter = machineCpu();
    // Clock ticks are 10 ms; a busy 300 ms is at least 200 ms of CPU even on a loaded machine.
    expect(spent.get('service: main thread')).toBeGreaterThanOrEqual(200);
    expect(machineAfter.busyMs - machineBefore.busyMs).toBeGreaterThanOrEqual(200);
    expect(machineAfter.busyMs).toBeLessThanOrEqual(machineAfter.totalMs);
  });

  it('names every part of the process, V8 helper threads included', () => {
    const parts = [...serviceCpu(process.pid).keys()];
    expect(parts).toContain('service: main thread');
    expect(parts.some((name) => name.startsWith('service: V8 helper threads'))).toBe(true);
  });
});
