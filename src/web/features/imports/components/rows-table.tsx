import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A column of a file's rows: its heading, and whether it holds numbers (right-aligned). */
export interface RowsColumn {
  label: string
  numeric?: boolean
}

/** The import screen's tables of a file's rows (the sample, the rows not imported): framed, scrolling sideways. */
export function RowsTable({
  columns,
  className,
  children,
}: {
  columns: RowsColumn[]
  className?: string
  /** The table's rows. */
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className={cn('w-full text-sm', className)}>
        <thead className="bg-canvas/60 text-left text-muted text-xs">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-3 py-2 font-medium', column.numeric && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  )
}
