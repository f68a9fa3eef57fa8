/**
 * The child process that hosts one PP-OCR reader. ONNX Runtime's inference blocks its thread for hundreds of
 * milliseconds and its native allocations (~100 MB of models, ~300 MB more while a 12 MP photo is read) stay in
 * whatever process made them: in a process of its own, a stop gives all of it back to the system, and a native
 * crash is a child's exit the server reports, not the server's. Messages over the IPC channel (structured clone):
 * { options } first, then { id, image } or { id, warm } in, { id, result | error } out. The options travel as a
 * message rather than in argv because a grammar of what signs say (tens of kB, growing) does not belong there.
 */
import { PpOcrReader, type ReaderOptions } from './reader';

const send = process.send?.bind(process);
if (!send) throw new Error('adapters/ocr/ppocr/child.ts runs as a child process with an IPC channel only.');
const reply = (m: unknown) => {
  // The parent may be gone (a shutdown mid-read): there is nobody left to answer.
  if (process.connected) send(m);
};

let reader: Promise<PpOcrReader> | undefined;

// One photo at a time: two decoded 12 MP photos and two detector runs at once would double the peak memory for no
// speed (inference already uses every thread it is given).
let queue: Promise<unknown> = Promise.resolve();
type Message = { options: ReaderOptions } | { id: number; image: Uint8Array } | { id: number; warm: true };
process.on('message', (message: Message) => {
  if ('options' in message) {
    reader ??= PpOcrReader.create(message.options);
    // A model that fails to load is reported on every request instead of ending the process without a word.
    reader.catch(() => {});
    return;
  }
  queue = queue.then(async () => {
    try {
      if (!reader) throw new Error('The OCR process was not given its options.');
      const r = await reader;
      if ('warm' in message) return reply({ id: message.id, result: null });
      reply({ id: message.id, result: await r.read(message.image) });
    } catch (error) {
      reply({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
// The server stopped or died: nothing more will come.
process.on('disconnect', () => process.exit(0));
