// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { SIDEBAR_CLOSE_MS, useIndexPanel } from './use-index-panel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const escape = () => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));

describe('the index panel', () => {
  it('opens, and closes after its slide-out animation', () => {
    const { result } = renderHook(() => useIndexPanel());
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.toggle());
    expect(result.current).toMatchObject({ open: true, closing: true });
    act(() => void vi.advanceTimersByTime(SIDEBAR_CLOSE_MS));
    expect(result.current).toMatchObject({ open: false, closing: false });
  });

  it('closes on Escape', () => {
    const { result } = renderHook(() => useIndexPanel());
    act(() => result.current.toggle());
    escape();
    act(() => void vi.advanceTimersByTime(SIDEBAR_CLOSE_MS));
    expect(result.current.open).toBe(false);
  });

  it('leaves Escape to an open dialog above it', () => {
    const { result } = renderHook(() => useIndexPanel());
    act(() => result.current.toggle());
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    escape();
    act(() => void vi.advanceTimersByTime(SIDEBAR_CLOSE_MS));
    expect(result.current.open).toBe(true);
  });

  it('opens on the full index for Get full index', () => {
    const { result } = renderHook(() => useIndexPanel());
    act(() => result.current.openFull());
    expect(result.current).toMatchObject({ open: true, expanded: true });
  });
});
