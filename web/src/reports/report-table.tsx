import { groupDigits } from '../format/money'
import { type ReportCell, type ReportTable, toCsv } from './report-csv'

export type { ReportCell, ReportTable }

/** A report is redrawn whole: its rows and cells have no identity but their place. */
function placed<T>(items: T[]): Array<{ place: number; item: T }> {
  return items.map((item, place) => ({ place, item }))
}

function cellText(cell: ReportCell): string {
  if (typeof cell === 'string') return cell
  const minus = cell.amount.startsWith('-') ? '\u2212' : ''
  return `${minus}${groupDigits(cell.amount)}`
}

/** The table as the screen shows it, with an Export to CSV button that saves exactly its rows. */
export function ReportTableView({ table, id }: { table: ReportTable; id: string }) {
  const captionId = `${id}-caption`
  return (
    <div class="report-table">
      <div class="report-table-top">
        <h3 id={captionId}>{table.title}</h3>
        <button type="button" onClick={() => downloadCsv(table)}>
          Export to CSV
        </button>
      </div>
      <div class="table-frame">
        <table class="settings-table" aria-labelledby={captionId}>
          <thead>
            <tr>
              {table.head.map((heading, column) => (
                <th key={heading} scope="col" class={column >= table.amountsFrom ? 'number' : undefined}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.body.length === 0 && (
              <tr>
                <td colSpan={table.head.length} class="muted">
                  Nothing was posted in this period.
                </td>
              </tr>
            )}
            {placed(table.body).map(({ place, item: row }) => (
              <ReportRow
                key={place}
                row={row}
                amountsFrom={table.amountsFrom}
                group={table.groupRows?.has(place)}
              />
            ))}
          </tbody>
          {table.foot && (
            <tfoot>
              {placed(table.foot).map(({ place, item: row }) => (
                <ReportRow key={place} row={row} amountsFrom={table.amountsFrom} group />
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </div>
  )
}

function ReportRow(props: { row: ReportCell[]; amountsFrom: number; group?: boolean | undefined }) {
  return (
    <tr class={props.group ? 'report-group-row' : undefined}>
      {placed(props.row).map(({ place: column, item: cell }) =>
        column === 0 ? (
          <th key={column} scope="row">
            {cellText(cell)}
          </th>
        ) : (
          <td key={column} class={column >= props.amountsFrom ? 'number' : undefined}>
            {cellText(cell)}
          </td>
        ),
      )}
    </tr>
  )
}

function downloadCsv(table: ReportTable): void {
  const blob = new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `${table.title.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '')}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has the file once the click is handled; the URL only keeps the blob in memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
