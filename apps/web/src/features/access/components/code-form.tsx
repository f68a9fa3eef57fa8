import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

type CodeFormProps<T> = {
  /** The mutation that sends the code; the server decides whether it is valid. */
  mutation: UseMutationResult<T, Error, string>;
  label: string;
  submitText: string;
  pendingText?: string;
  hint: string;
  errorTestId: string;
  /** What to say once a code was accepted (the query that shows its effect refreshes on its own). */
  success?: (data: T) => ReactNode;
  className: string;
};

/**
 * One code input with its button, hint, server error and success line: the access-code form and the
 * console-access form are the same form with different words.
 */
export function CodeForm<T>({
  mutation,
  label,
  submitText,
  pendingText,
  hint,
  errorTestId,
  success,
  className,
}: CodeFormProps<T>) {
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || mutation.isPending) return;
    mutation.mutate(code, { onSuccess: () => setCode('') });
  };
  const error = mutation.error ? errorMessage(mutation.error) : undefined;

  return (
    <form onSubmit={submit} className={className} aria-label={label}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="Enter your code"
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-raised px-3 font-mono text-sm text-fg uppercase placeholder:text-subtle placeholder:normal-case focus:border-accent"
        />
        <Button type="submit" variant="secondary" disabled={!code.trim() || mutation.isPending}>
          {mutation.isPending && pendingText ? pendingText : submitText}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">{hint}</p>
      {error && (
        <p className="mt-2 text-sm text-danger" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
      {mutation.isSuccess && success?.(mutation.data)}
    </form>
  );
}
