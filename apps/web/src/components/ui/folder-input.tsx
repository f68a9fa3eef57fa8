import { forwardRef } from 'react';

/**
 * A hidden folder picker, opened by a visible button through its ref: every browser that can read folders takes the
 * (non-standard) webkitdirectory attribute. `onFolder` gets the chosen files; the input is reset first, so choosing
 * the same folder again still counts.
 */
export const FolderInput = forwardRef<HTMLInputElement, { testId: string; onFolder: (files: File[]) => void }>(
  function FolderInput({ testId, onFolder }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        {...{ webkitdirectory: '', directory: '' }}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          onFolder(files);
        }}
      />
    );
  },
);
