import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AnalysisPageSchema, LIMITS, formatCount } from '@vt/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Page, PageHeader } from '../../../components/ui/page';
import { QueryState } from '../../../components/ui/query-state';
import { apiGet } from '../../../lib/api-client';
import { DATA_KEY, useCategoryStats } from '../../dashboard';

/** /projects: the user's categories as projects; each lists the analyses filed under it. */
export function ProjectsView() {
  const categories = useCategoryStats('mine', '24h');
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? categories.data?.byCategory[0]?.category ?? null;
  const analyses = useQuery({
    queryKey: [...DATA_KEY, 'project', current],
    queryFn: ({ signal }) =>
      apiGet(
        `/api/analysis/my?category=${encodeURIComponent(current!)}&limit=${LIMITS.pageSizeMax}`,
        AnalysisPageSchema,
        { signal },
      ),
    enabled: current !== null,
  });

  return (
    <Page title="Projects">
      <PageHeader
        title="Projects"
        lead="Group analyses by giving them categories (in an analysis's Details). Each category is a project here."
      />
      <QueryState query={categories} loading="Loading projects..." errorLead="Error loading statistics: ">
        {({ byCategory }) =>
          !byCategory.length ? (
            <Card className="mx-auto max-w-xl text-center" data-testid="projects-empty">
              <h2 className="text-lg font-semibold">No projects yet</h2>
              <p className="mt-2 text-sm text-muted">
                Open an analysis in your Analysis History, press Details, and add a category such as “storefronts” or
                “client visit”.
              </p>
              <ButtonLink to="/analysis-history" className="mt-5">
                Analysis History
              </ButtonLink>
            </Card>
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              <ul className="grid content-start gap-2" aria-label="Projects">
                {byCategory.map((c) => (
                  <li key={c.category}>
                    <button
                      type="button"
                      aria-pressed={c.category === current}
                      onClick={() => setSelected(c.category)}
                      className={cx(
                        'flex w-full items-center justify-between rounded-lg border px-4 py-3 text-left text-sm',
                        c.category === current ? 'border-accent bg-raised' : 'border-line bg-surface hover:bg-raised',
                      )}
                    >
                      <span className="font-medium capitalize">{c.category}</span>
                      <span className="font-mono text-muted tabular-nums">{formatCount(c.count)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <Card className="p-0">
                <h2 className="border-b border-line px-5 py-3 text-sm font-semibold capitalize">{current}</h2>
                <QueryState query={analyses} loading="Loading analyses..." className="px-5 py-6">
                  {(page) => (
                    <ul className="divide-y divide-line" data-testid="project-analyses">
                      {page.analyses.map((a) => (
                        <li key={a.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
                          <span className="min-w-0 truncate">{a.location?.name ?? a.file_name}</span>
                          <span className="shrink-0 text-muted">{new Date(a.created_at).toLocaleDateString()}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </QueryState>
              </Card>
            </div>
          )
        }
      </QueryState>
    </Page>
  );
}
