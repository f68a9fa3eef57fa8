import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CategoriesEnvelopeSchema, FeedbackEnvelopeSchema } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { apiGet, apiSend } from '../../../lib/api-client';
import { DATA_KEY } from '../api';

/** Rating (1–5, optional comment) and categories of one analysis: what the feedback and category stats count. */
export function AnalysisFeedback({ analysisId }: { analysisId: string }) {
  const base = `/api/analysis/${encodeURIComponent(analysisId)}`;
  const feedback = useQuery({
    queryKey: [...DATA_KEY, 'feedback', analysisId],
    queryFn: ({ signal }) => apiGet(`${base}/feedback`, FeedbackEnvelopeSchema, { signal }),
  });
  const categories = useQuery({
    queryKey: [...DATA_KEY, 'categories', analysisId],
    queryFn: ({ signal }) => apiGet(`${base}/categories`, CategoriesEnvelopeSchema, { signal }),
  });
  if (feedback.isLoading || categories.isLoading) return <p className="mt-5 text-sm text-muted">Loading rating...</p>;
  // Keyed by analysis: the form starts from what the server holds and keeps its own state (and 'Saved') after.
  return (
    <FeedbackForm
      key={analysisId}
      base={base}
      rating={feedback.data?.feedback?.rating ?? 0}
      comment={feedback.data?.feedback?.comment ?? ''}
      categories={categories.data?.categories ?? []}
    />
  );
}

function FeedbackForm({ base, ...initial }: { base: string; rating: number; comment: string; categories: string[] }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(initial.rating);
  const [comment, setComment] = useState(initial.comment);
  const [labels, setLabels] = useState(initial.categories.join(', '));
  const save = useMutation({
    mutationFn: async () => {
      const list = labels
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      await apiSend('PUT', `${base}/categories`, { categories: list }, CategoriesEnvelopeSchema);
      if (rating > 0)
        await apiSend('PUT', `${base}/feedback`, { rating, comment: comment.trim() || null }, FeedbackEnvelopeSchema);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_KEY }),
  });

  return (
    <form
      className="mt-5 space-y-3 border-t border-line pt-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset>
        <legend className="text-subtle">Your rating</legend>
        <div className="mt-1 flex gap-1" role="radiogroup" aria-label="Rating from 1 to 5">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={`${n} of 5`}
              onClick={() => setRating(n)}
              className={cx('text-2xl leading-none', n <= rating ? 'text-warm' : 'text-line hover:text-subtle')}
            >
              ★
            </button>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="text-subtle">Comment (optional)</span>
        <input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={2000}
          className="mt-1 h-9 w-full rounded-lg border border-line bg-raised px-3 text-fg"
        />
      </label>
      <label className="block">
        <span className="text-subtle">Categories (comma-separated)</span>
        <input
          value={labels}
          onChange={(e) => setLabels(e.target.value)}
          placeholder="storefronts, client visit"
          className="mt-1 h-9 w-full rounded-lg border border-line bg-raised px-3 text-fg placeholder:text-subtle"
        />
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rating and categories'}
        </Button>
        {save.isSuccess && <span className="text-ok">Saved</span>}
        {save.isError && (
          <span role="alert" className="text-danger">
            {save.error.message}
          </span>
        )}
      </div>
    </form>
  );
}
