// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDLE_RUN as idle, type AnalysisRun } from '../../analysis';
import { AnalysePanel } from './analyse-panel';

afterEach(cleanup);

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'corner.jpg', { type: 'image/jpeg' });

function setup(run: Partial<AnalysisRun> = {}, opts: { busy?: boolean; withResult?: boolean; count?: number } = {}) {
  const props = {
    onFile: vi.fn(),
    onRetry: vi.fn(),
    toggle: vi.fn(),
    onOriginalView: vi.fn(),
  };
  render(
    <AnalysePanel
      run={{ ...idle, ...run }}
      busy={opts.busy ?? false}
      onFile={props.onFile}
      onRetry={props.onRetry}
      index={{ open: false, count: opts.count ?? 0, toggle: props.toggle }}
      onOriginalView={opts.withResult ? props.onOriginalView : null}
    />,
  );
  return { ...props, user: userEvent.setup() };
}

describe('the map panel', () => {
  it('several photos chosen at once, or a folder, make a trip (R-TRIP-2)', async () => {
    const onMany = vi.fn();
    const onFile = vi.fn();
    render(
      <AnalysePanel
        run={idle}
        busy={false}
        onFile={onFile}
        onMany={onMany}
        onRetry={vi.fn()}
        index={{ open: false, count: 0, toggle: vi.fn() }}
        onOriginalView={null}
      />,
    );
    const user = userEvent.setup();
    const two = [photo, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'also.jpg', { type: 'image/jpeg' })];
    await user.upload(screen.getByTestId('map-file-input'), two);
    expect(onMany).toHaveBeenCalledWith([two[1], two[0]], null);
    expect(onFile).not.toHaveBeenCalled();
    await user.upload(screen.getByTestId('map-folder-input'), [photo]);
    expect(onMany).toHaveBeenLastCalledWith([photo], null);
    expect(screen.getByRole('button', { name: 'Upload a folder (trip)' })).toBeTruthy();
  });

  it('hands a chosen photo on and ignores files that are not photos', async () => {
    const { onFile, user } = setup();
    const input = screen.getByTestId('map-file-input') as HTMLInputElement;
    await user.upload(input, photo);
    expect(onFile).toHaveBeenLastCalledWith(photo);
    // The same file can be chosen again: the input is emptied after each choice.
    expect(input.value).toBe('');
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.setup({ applyAccept: false }).upload(input, notes);
    expect(onFile).toHaveBeenLastCalledWith(null);
  });

  it('shows the upload as a progress bar with its percentage', () => {
    setup({ phase: 'uploading', file: photo, progress: 0.425 }, { busy: true });
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');
    expect(bar.textContent).toContain('Uploading 43%');
    const button = screen.getByRole('button', { name: 'Analyzing...' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('shows the stages while the engine works', () => {
    setup({ phase: 'analysing', file: photo, progress: 1, analysisId: 'a1' }, { busy: true });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Photo received')).toBeTruthy();
    expect(screen.getByText('Evidence fused')).toBeTruthy();
  });

  it('offers Retry only when trying again can help and the photo is still there', async () => {
    const { onRetry, user } = setup({
      phase: 'error',
      file: photo,
      error: { message: 'The connection was lost.', canRetry: true },
    });
    expect(screen.getByRole('alert').textContent).toContain('The connection was lost.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    cleanup();

    setup({ phase: 'error', file: photo, error: { message: 'This file is not a photo.', canRetry: false } });
    expect(screen.getByRole('alert').textContent).toContain('This file is not a photo.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('counts the index and offers Original view once there is a result', async () => {
    const { toggle, onOriginalView, user } = setup({}, { withResult: true, count: 3 });
    const index = screen.getByRole('button', { name: 'Location Index (3)' });
    expect(index.getAttribute('aria-pressed')).toBe('false');
    await user.click(index);
    await user.click(screen.getByRole('button', { name: 'Original view' }));
    expect(toggle).toHaveBeenCalledOnce();
    expect(onOriginalView).toHaveBeenCalledOnce();
    cleanup();
    setup();
    expect(screen.getByRole('button', { name: 'Location Index' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Original view' })).toBeNull();
  });
});
