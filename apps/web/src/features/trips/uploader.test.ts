import { describe, expect, it, vi } from 'vitest';
import type { TripPhotosUploadResponse } from '@vt/shared';
import { TripUploads, type TripUploadsDeps } from './uploader';
import { BatchFailure } from './upload';

const file = (name: string) => new File([new Uint8Array(100)], name, { type: 'image/jpeg' });
const files = (n: number) => Array.from({ length: n }, (_, i) => file(`IMG_${i + 1}.jpg`));
const at = '2026-03-09T10:00:00Z';

/** Waits until the sending loop has nothing left to do and no batch is on its way. */
async function settle(uploads: TripUploads, tripId: string) {
  const busy = () => {
    const s = uploads.session(tripId);
    return s?.phase === 'sending' || s?.files.some((f) => f.state === 'uploading');
  };
  for (let i = 0; i < 100 && busy(); i++) await new Promise((r) => setTimeout(r, 0));
}

function setup(send: TripUploadsDeps['send']) {
  const recordOverLimit = vi.fn(async () => []);
  const uploads = new TripUploads({
    createTrip: async () => ({ id: 't1', maxFilesPerRequest: 3 }),
    send,
    recordOverLimit,
  });
  return { uploads, recordOverLimit };
}

const acceptAll: TripUploadsDeps['send'] = async (_trip, batch, onProgress) => {
  onProgress(batch.length * 100);
  return { accepted: batch.map((f) => ({ analysisId: `a-${f.name}`, photoId: 'p', fileName: f.name })), refused: [] };
};

describe('sending a trip (R-TRIP-2, R-TRIP-3)', () => {
  it('sends in batches of the trip’s size, one after another, and keeps each photo’s analysis', async () => {
    const send = vi.fn(acceptAll);
    const { uploads } = setup(send);
    const id = await uploads.start(files(7), 'Wynwood');
    await settle(uploads, id);
    expect(send.mock.calls.map((c) => c[1].map((f) => f.name))).toEqual([
      ['IMG_1.jpg', 'IMG_2.jpg', 'IMG_3.jpg'],
      ['IMG_4.jpg', 'IMG_5.jpg', 'IMG_6.jpg'],
      ['IMG_7.jpg'],
    ]);
    const session = uploads.session(id)!;
    expect(session.phase).toBe('done');
    expect(session.files.every((f) => f.state === 'sent' && f.analysisId === `a-${f.fileName}`)).toBe(true);
    expect(session.sentBytes).toBe(session.totalBytes);
  });

  it('stops at the weekly limit: the rest is refused with the server’s words, and recorded on the server', async () => {
    const send = vi.fn(async (_t: string, batch: readonly File[]): Promise<TripPhotosUploadResponse> => ({
      accepted: [{ analysisId: 'a1', photoId: 'p1', fileName: batch[0]!.name }],
      refused: batch
        .slice(1)
        .map((f) => ({ fileName: f.name, code: 'weekly_limit_reached', message: 'Limit reached.', at })),
    }));
    const { uploads, recordOverLimit } = setup(send);
    const id = await uploads.start(files(8), null);
    await settle(uploads, id);
    // The two batches on their way when the limit was reached are answered by the server; nothing more is sent.
    expect(send).toHaveBeenCalledTimes(2);
    const states = uploads.session(id)!.files.map((f) => [f.fileName, f.state, f.message]);
    expect(states.filter(([, state]) => state === 'sent').map(([name]) => name)).toEqual(['IMG_1.jpg', 'IMG_4.jpg']);
    expect(
      states
        .filter(([, state]) => state !== 'sent')
        .every(([, state, message]) => state === 'refused' && message === 'Limit reached.'),
    ).toBe(true);
    expect(recordOverLimit).toHaveBeenCalledWith('t1', ['IMG_7.jpg', 'IMG_8.jpg']);
    expect(uploads.session(id)!.sentBytes).toBe(uploads.session(id)!.totalBytes);
  });

  it('a week already full (429 before any file is read) refuses everything left', async () => {
    const { uploads, recordOverLimit } = setup(async () => {
      throw new BatchFailure(429, 'weekly_limit_reached', 'You have used all 5 images of your weekly limit.');
    });
    const id = await uploads.start(files(2), null);
    await settle(uploads, id);
    expect(uploads.session(id)!.files.map((f) => f.state)).toEqual(['refused', 'refused']);
    expect(recordOverLimit).toHaveBeenCalledWith('t1', ['IMG_1.jpg', 'IMG_2.jpg']);
  });

  it('a network failure stops sending with Retry, and Retry sends what is left', async () => {
    let fail = true;
    const send = vi.fn(async (t: string, batch: readonly File[], onProgress: (n: number) => void) => {
      if (fail && batch[0]!.name === 'IMG_4.jpg')
        throw new BatchFailure(0, 'network_error', 'Network connection failed.');
      return acceptAll(t, batch, onProgress);
    });
    const { uploads } = setup(send);
    const id = await uploads.start(files(5), null);
    await settle(uploads, id);
    const stopped = uploads.session(id)!;
    expect(stopped.phase).toBe('stopped');
    expect(stopped.error).toEqual({ message: 'Network connection failed.', canRetry: true });
    expect(stopped.files.map((f) => f.state)).toEqual(['sent', 'sent', 'sent', 'waiting', 'waiting']);
    fail = false;
    uploads.retry(id);
    await settle(uploads, id);
    expect(uploads.session(id)!.files.every((f) => f.state === 'sent')).toBe(true);
    expect(uploads.session(id)!.error).toBeNull();
  });

  it('a deleted trip stops for good, saying so', async () => {
    const { uploads } = setup(async () => {
      throw new BatchFailure(404, 'not_found', 'Trip not found.');
    });
    const id = await uploads.start(files(1), null);
    await settle(uploads, id);
    expect(uploads.session(id)!.error).toEqual({
      message: 'This trip no longer exists, so the remaining photos were not sent.',
      canRetry: false,
    });
  });
});
