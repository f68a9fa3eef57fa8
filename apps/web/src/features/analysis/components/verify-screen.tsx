import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { VerifyResponseSchema } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Page, PageHeader } from '../../../components/ui/page';
import { errorMessage, apiSend } from '../../../lib/api-client';
import { formatBytes } from '../format';

/**
 * /verify: is this file the one that was analysed? The server hashes it (nothing is stored or counted) and names
 * the caller's analyses of the same bytes, so a saved result can be checked against an original later.
 */
export function VerifyScreen() {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const check = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiSend('POST', '/api/verify', form, VerifyResponseSchema);
    },
  });
  const file = check.variables;
  const result = check.data;

  return (
    <Page title="Verify a file">
      <PageHeader
        eyebrow="Your analyses"
        title="Verify a file"
        lead="Check whether a file is exactly the one you analysed. Its SHA-256 fingerprint is compared with your analyses; the file is not stored and does not count against your weekly limit."
      />
      <Card className="max-w-3xl p-6">
        <input
          ref={input}
          type="file"
          className="sr-only"
          aria-describedby={hintId}
          data-testid="verify-input"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) check.mutate(chosen);
            e.target.value = '';
          }}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button disabled={check.isPending} onClick={() => input.current?.click()}>
            {check.isPending ? 'Checking...' : 'Choose a file'}
          </Button>
          <p id={hintId} className="text-sm text-muted">
            Any file up to the photo size limit. An edited or re-saved copy has other bytes, even when it looks the
            same.
          </p>
        </div>

        {check.error && (
          <div className="mt-5">
            <ErrorAlert message={errorMessage(check.error)} testId="verify-error" />
          </div>
        )}

        {result && file && (
          <section className="mt-6" aria-live="polite" data-testid="verify-result">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-subtle">File</dt>
              <dd className="break-all">
                {file.name} · {formatBytes(result.byteSize)}
              </dd>
              <dt className="text-subtle">SHA-256</dt>
              <dd className="font-mono text-xs break-all" data-testid="verify-sha256">
                {result.sha256}
              </dd>
            </dl>
            {result.matches.length === 0 ? (
              <p className="mt-4 rounded-lg border border-line bg-raised/50 p-3 text-sm" data-testid="verify-none">
                <strong>Not analysed under your account.</strong> No analysis of yours has these exact bytes.
              </p>
            ) : (
              <div className="mt-4 rounded-lg border border-ok/40 bg-ok/10 p-3 text-sm" data-testid="verify-match">
                <p>
                  <strong>
                    The same file was analysed {result.matches.length === 1 ? 'once' : `${result.matches.length} times`}
                  </strong>{' '}
                  under your account:
                </p>
                <ul className="mt-2 space-y-1">
                  {result.matches.map((m) => (
                    <li key={m.analysisId} className="break-words">
                      <span className="font-medium">{m.fileName}</span>, received{' '}
                      {new Date(m.receivedAt).toLocaleString()}
                      {m.placeName ? ` · ${m.placeName}` : ` · ${m.status}`}
                    </li>
                  ))}
                </ul>
                <p className="mt-2">
                  <Link to="/analysis-history" className="text-accent underline">
                    Open your analysis history
                  </Link>
                </p>
              </div>
            )}
          </section>
        )}
      </Card>
    </Page>
  );
}
