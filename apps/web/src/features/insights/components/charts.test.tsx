// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChartCard, type Datum } from './charts';

afterEach(cleanup);

const card = (query: { isLoading: boolean; error: Error | null }, data: Datum[] | undefined) =>
  render(
    <ChartCard title="Analyses per day" summary="3 analyses" unit="Analyses" data={data} query={query} empty="None yet">
      {() => <g />}
    </ChartCard>,
  );

describe('ChartCard', () => {
  it('says it is loading, then that the query failed, in words', () => {
    card({ isLoading: true, error: null }, undefined);
    expect(screen.getByText('Loading analyses per day...')).toBeTruthy();
    cleanup();
    card({ isLoading: false, error: new Error('The server could not be reached.') }, undefined);
    expect(screen.getByRole('alert').textContent).toBe('Error loading statistics: The server could not be reached.');
  });

  it('shows the empty line when every figure is zero', () => {
    card({ isLoading: false, error: null }, [{ label: 'Mon', value: 0 }]);
    expect(screen.getByText('None yet')).toBeTruthy();
  });

  it('names the chart by its summary and gives screen readers the same figures as a table', () => {
    card({ isLoading: false, error: null }, [
      { label: 'Mon', value: 1 },
      { label: 'Tue', value: 2 },
    ]);
    expect(screen.getByRole('img', { name: 'Analyses per day: 3 analyses' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Analyses per day' });
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['Mon1', 'Tue2']);
  });
});
