// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropZone } from './drop-zone';

afterEach(cleanup);

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function setup(withMany: boolean) {
  const onFile = vi.fn();
  const onMany = vi.fn();
  render(
    <DropZone
      busy={false}
      progress={0}
      uploading={false}
      fileName={null}
      fileSize={null}
      onFile={onFile}
      onMany={withMany ? onMany : undefined}
    />,
  );
  return { onFile, onMany, user: userEvent.setup() };
}

describe('the photo drop zone of /access-ai', () => {
  it('one photo is analysed; several make a trip (R-TRIP-2)', async () => {
    const { onFile, onMany, user } = setup(true);
    expect(screen.getByTestId('drop-zone').textContent).toContain('several photos or a folder make a trip');
    await user.upload(screen.getByTestId('photo-input'), jpeg('one.jpg'));
    expect(onFile).toHaveBeenCalledOnce();
    const three = [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')];
    await user.upload(screen.getByTestId('photo-input'), three);
    expect(onMany).toHaveBeenCalledWith(three, null);
    expect(onFile).toHaveBeenCalledOnce();
  });

  it('a chosen folder makes a trip, reached by keyboard', async () => {
    const { onMany, user } = setup(true);
    const folder = screen.getByRole('button', { name: 'or choose a folder (a trip)' });
    folder.focus();
    expect(document.activeElement).toBe(folder);
    await user.upload(screen.getByTestId('folder-input'), [jpeg('IMG_1.jpg'), jpeg('IMG_2.jpg')]);
    expect(onMany).toHaveBeenCalledOnce();
  });

  it('without trips it stays one photo at a time', () => {
    setup(false);
    expect(screen.getByTestId('drop-zone').textContent).toContain('one photo at a time');
    expect(screen.queryByRole('button', { name: 'or choose a folder (a trip)' })).toBeNull();
    expect((screen.getByTestId('photo-input') as HTMLInputElement).multiple).toBe(false);
  });
});
