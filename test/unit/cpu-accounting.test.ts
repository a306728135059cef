import { cpuSince, machineCpu, serviceCpu } from '../../loadtest/lib/cpu-accounting.js';

/** The /proc reading behind `npm run loadtest:profile`, on this very process (Linux only). */
const onLinux = process.platform === 'linux' ? describe : describe.skip;

onLinux('CPU accounting from /proc', () => {
  /** Busy until this thread has spent `ms` of CPU: on a loaded machine that takes longer than `ms`. */
  const spin = (ms: number) => {
    const start = process.cpuUsage();
    for (;;) {
      const used = process.cpuUsage(start);
      if ((used.user + used.system) / 1000 >= ms) return;
    }
  };

  it("charges a busy main thread to the service's main thread, and to the machine", () => {
    const before = serviceCpu(process.pid);
    const machineBefore = machineCpu();
    spin(300);
    const spent = cpuSince(before, serviceCpu(process.pid));
    const machineAfter = machineCpu();
    // 300 ms of CPU, read in clock ticks of 10 ms.
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
