import { FileUp, X } from 'lucide-react'
import { type DragEvent, useId, useState } from 'react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { cn } from '#web/lib/cn.ts'
import { IMPORT_TEXTS } from '../import-texts.ts'

interface FileDropProps {
  files: File[]
  onFilesChange: (files: File[]) => void
  disabled?: boolean
}

/** '2.4 MB', '830 KB': a file's size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * Drop files here or choose them (several at once: Rebrickable's catalogue downloads are several files).
 * The chosen files are listed, each removable; the native input stays the keyboard's way in.
 */
export function FileDrop({ files, onFilesChange, disabled }: FileDropProps) {
  const inputId = useId()
  const [over, setOver] = useState(false)

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (disabled) return
    const dropped = [...event.dataTransfer.files]
    if (dropped.length > 0) onFilesChange(dropped)
  }

  return (
    <div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard's way in */}
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop"
        className={cn(
          'flex flex-col items-center gap-2 rounded-xl border border-line-strong border-dashed px-4 py-6 text-center transition-colors',
          'has-[input:focus-visible]:border-brick-yellow has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brick-yellow/40',
          over ? 'border-brick-yellow bg-brick-yellow/5' : 'bg-canvas/40',
        )}
      >
        <FileUp aria-hidden="true" className="size-6 text-muted" />
        <p className="text-sm">
          {IMPORT_TEXTS.fileHint}{' '}
          <label
            htmlFor={inputId}
            className="cursor-pointer font-semibold text-brick-yellow underline-offset-2 hover:underline"
          >
            {IMPORT_TEXTS.file.toLowerCase()}
          </label>
        </p>
        <p className="text-subtle text-xs">{IMPORT_TEXTS.fileLimits}</p>
        <input
          id={inputId}
          type="file"
          multiple
          disabled={disabled}
          accept=".csv,.xml,.json,.txt,.gz,.tsv,text/csv,text/xml,application/xml,application/json,application/gzip"
          className="sr-only"
          onChange={(event) => {
            onFilesChange([...(event.target.files ?? [])])
            event.target.value = ''
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul aria-label="Chosen files" className="mt-3 grid gap-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center justify-between gap-3 rounded-lg border border-line bg-raised px-3 py-2 text-sm"
            >
              <span className="min-w-0 truncate font-medium">{file.name}</span>
              <span className="flex shrink-0 items-center gap-2 text-muted text-xs tabular">
                {sizeText(file.size)}
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={`${IMPORT_TEXTS.removeFile} ${file.name}`}
                  onClick={() => onFilesChange(files.filter((_, other) => other !== index))}
                  className={buttonClasses('ghost', 'sm', 'h-8 px-2')}
                >
                  <X aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
