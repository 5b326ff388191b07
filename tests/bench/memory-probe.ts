/**
 * Preloaded into the gateway process the benchmark starts (`node --import tsx --import <this>`),
 * so the benchmark can read the process's V8 heap over the IPC channel it opens. It answers
 * `{ type: 'memory', id, gc }` with process.memoryUsage(), and, when asked and the process runs
 * with --expose-gc, the same figures after a full collection. It changes nothing in the gateway.
 */

interface MemoryRequest {
  type: 'memory';
  id: number;
  gc?: boolean;
}

function isMemoryRequest(message: unknown): message is MemoryRequest {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'memory';
}

if (process.send) {
  process.on('message', (message: unknown) => {
    if (!isMemoryRequest(message)) return;
    const usage = process.memoryUsage();
    const collect = (globalThis as { gc?: () => void }).gc;
    let afterGc: NodeJS.MemoryUsage | null = null;
    if (message.gc && collect) {
      collect();
      afterGc = process.memoryUsage();
    }
    process.send?.({ type: 'memory', id: message.id, usage, afterGc });
  });
  // the channel must not keep the gateway alive once it wants to exit
  process.channel?.unref();
}
