// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportAllButton } from './export-all-button';

afterEach(cleanup);

describe('ExportAllButton', () => {
  it('is busy while the export runs, and ready again after it', async () => {
    let finish: () => void = () => {};
    const onExport = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    render(<ExportAllButton disabled={false} onExport={onExport} />);
    const button = screen.getByRole('button');
    await userEvent.click(button);
    expect(button.textContent).toBe('Exporting...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    finish();
    await screen.findByText('Export All');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('stays disabled when there is nothing to export', () => {
    render(<ExportAllButton disabled onExport={async () => {}} />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
