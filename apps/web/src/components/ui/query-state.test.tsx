// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryState } from './query-state';

afterEach(cleanup);

const show = (query: { isLoading: boolean; error: Error | null; data: string[] | undefined }) =>
  render(
    <QueryState query={query} loading="Loading places..." errorLead="Error loading statistics: ">
      {(places) => <p>{places.length} places</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('says it is loading, then shows the answer', () => {
    show({ isLoading: true, error: null, data: undefined });
    expect(screen.getByText('Loading places...')).toBeTruthy();
    cleanup();
    show({ isLoading: false, error: null, data: ['a', 'b'] });
    expect(screen.getByText('2 places')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the error in words in place of the answer, even beside an earlier answer', () => {
    show({ isLoading: false, error: new Error('The server could not be reached.'), data: ['a'] });
    expect(screen.getByRole('alert').textContent).toBe('Error loading statistics: The server could not be reached.');
    expect(screen.queryByText('1 places')).toBeNull();
  });

  it('says there is no answer when a finished query has none', () => {
    show({ isLoading: false, error: null, data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('No answer');
  });
});
