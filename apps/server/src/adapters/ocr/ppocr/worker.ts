/**
 * The worker thread that hosts one PP-OCR reader: ONNX Runtime's inference blocks its thread for hundreds of
 * milliseconds, which must never be the server's event loop. Messages: { id, image } in, { id, result | error } out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PpOcrReader, type ReaderOptions } from './reader';

if (!parentPort) throw new Error('adapters/ocr/ppocr/worker.ts runs as a worker thread only.');
const port = parentPort;
const reader = PpOcrReader.create(workerData as ReaderOptions);
// A model that fails to load is reported on every request instead of killing the thread without a word.
reader.catch(() => {});

// One photo at a time: two decoded 12 MP photos and two detector runs at once would double the peak memory for no
// speed (inference already uses every thread it is given).
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (message: { id: number; image: Uint8Array } | { id: number; warm: true }) => {
  queue = queue.then(async () => {
    try {
      const r = await reader;
      if ('warm' in message) return port.postMessage({ id: message.id, result: null });
      port.postMessage({ id: message.id, result: await r.read(message.image) });
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
