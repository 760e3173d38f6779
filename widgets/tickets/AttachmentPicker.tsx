import { type ChangeEvent, useId, useState } from 'react';
import { attachmentAccept, attachmentLimits } from '../../shared/catalogue/attachments';
import { useStyles } from '../../shared/element/use-styles';
import { shortenFileName } from '../../shared/format';
import { addAttachments } from '../../shared/stores/tickets';
import { Button } from '../../shared/ui';
import { fieldStyles } from '../../shared/ui/Field';

export interface AttachmentPickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The server's message about the files, if it refused them. */
  error?: string | undefined;
  disabled?: boolean;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/**
 * Several attachments: a file input, the chosen files with a remove button each, and, before anything
 * is sent, a message for every file that is too large, of a refused type, or over the count.
 */
export function AttachmentPicker({ files, onChange, error, disabled }: AttachmentPickerProps) {
  useStyles(fieldStyles);
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = Array.from(input.files ?? []);
    // Cleared so that picking the same file again (after removing it) fires a change.
    input.value = '';
    const result = await addAttachments(files, picked);
    setProblems(result.errors);
    onChange(result.files);
  };

  const messages = error ? [...problems, error] : problems;

  return (
    <div className="tickets__attachments" part="attachments">
      <label className="ui-field__label" htmlFor={`${id}-input`}>
        Attachments
      </label>
      <input
        id={`${id}-input`}
        className="tickets__file-input"
        type="file"
        multiple
        accept={attachmentAccept}
        disabled={disabled || files.length >= attachmentLimits.maxFiles}
        aria-describedby={`${id}-hint${messages.length > 0 ? ` ${id}-errors` : ''}`}
        onChange={(event) => void pick(event)}
      />
      <p id={`${id}-hint`} className="ui-field__hint">
        Up to {attachmentLimits.maxFiles} files of {attachmentLimits.maxBytes / 1024 / 1024} MB each: images,
        PDF, text, log or ZIP.
      </p>
      {messages.length > 0 && (
        <ul id={`${id}-errors`} className="tickets__file-errors" role="alert">
          {messages.map((message) => (
            <li key={message} className="ui-field__error">
              {message}
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="tickets__files" aria-label="Chosen files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="tickets__file">
              <span className="tickets__file-name" title={file.name}>
                {shortenFileName(file.name)}
              </span>
              <span className="tickets__file-size">{megabytes(file.size)}</span>
              <Button
                variant="secondary"
                size="small"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setProblems([]);
                  onChange(files.filter((_, i) => i !== index));
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
