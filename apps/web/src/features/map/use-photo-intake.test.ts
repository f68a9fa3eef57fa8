// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { DragEvent } from 'react';
import { firstImage, usePhotoIntake } from './use-photo-intake';

afterEach(cleanup);

const jpeg = new File([new Uint8Array([0xff, 0xd8])], 'a.jpg', { type: 'image/jpeg' });
const heic = new File([new Uint8Array([0])], 'IMG_0001.HEIC', { type: '' });
const text = new File(['x'], 'notes.txt', { type: 'text/plain' });

function paste(files: File[]) {
  const event = new Event('paste', { cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', { value: { files } });
  act(() => void window.dispatchEvent(event));
  return event;
}

const drag = (types: string[], files: File[] = []) => {
  const target = {};
  return {
    preventDefault: vi.fn(),
    dataTransfer: { types, files },
    currentTarget: target,
    target,
  } as unknown as DragEvent & { preventDefault: ReturnType<typeof vi.fn> };
};

describe('photo intake', () => {
  it('takes the first photo, HEIC by its name', () => {
    expect(firstImage([text, heic, jpeg])).toBe(heic);
    expect(firstImage([text])).toBeNull();
    expect(firstImage(null)).toBeNull();
  });

  it('takes a pasted photo and leaves pasted text to the page', () => {
    const onFile = vi.fn();
    renderHook(() => usePhotoIntake(onFile));
    const taken = paste([jpeg]);
    expect(onFile).toHaveBeenCalledWith(jpeg);
    expect(taken.defaultPrevented).toBe(true);
    const left = paste([text]);
    expect(onFile).toHaveBeenCalledOnce();
    expect(left.defaultPrevented).toBe(false);
  });

  it('outlines the screen while files are dragged over it and takes the dropped photo', () => {
    const onFile = vi.fn();
    const { result } = renderHook(() => usePhotoIntake(onFile));
    const over = drag(['Files']);
    act(() => result.current.dropTarget.onDragOver(over));
    expect(over.preventDefault).toHaveBeenCalled();
    expect(result.current.dragging).toBe(true);
    act(() => result.current.dropTarget.onDrop(drag(['Files'], [text, jpeg])));
    expect(result.current.dragging).toBe(false);
    expect(onFile).toHaveBeenCalledWith(jpeg);
  });

  it('ignores dragged text and links', () => {
    const { result } = renderHook(() => usePhotoIntake(vi.fn()));
    const over = drag(['text/plain']);
    act(() => result.current.dropTarget.onDragOver(over));
    expect(over.preventDefault).not.toHaveBeenCalled();
    expect(result.current.dragging).toBe(false);
  });

  it('stops listening for pastes when the screen goes', () => {
    const onFile = vi.fn();
    const { unmount } = renderHook(() => usePhotoIntake(onFile));
    unmount();
    paste([jpeg]);
    expect(onFile).not.toHaveBeenCalled();
  });
});
