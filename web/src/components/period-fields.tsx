/** The From and To dates of a period form, as the reports and the sales tax return ask for them. */
export function PeriodFields(props: {
  idPrefix: string
  startDate: string
  endDate: string
  onChange: (period: { startDate: string; endDate: string }) => void
}) {
  const { idPrefix, startDate, endDate } = props
  return (
    <>
      <div class="field">
        <label for={`${idPrefix}-start`}>From</label>
        <input
          id={`${idPrefix}-start`}
          type="date"
          required
          value={startDate}
          onInput={(event) => props.onChange({ startDate: event.currentTarget.value, endDate })}
        />
      </div>
      <div class="field">
        <label for={`${idPrefix}-end`}>To</label>
        <input
          id={`${idPrefix}-end`}
          type="date"
          required
          value={endDate}
          onInput={(event) => props.onChange({ startDate, endDate: event.currentTarget.value })}
        />
      </div>
    </>
  )
}

/** Why a period cannot be asked for, if it cannot: a date missing, or the end before the start. */
export function periodProblem(period: { startDate: string; endDate: string }): string | null {
  if (!period.startDate || !period.endDate) return 'Give both dates of the period.'
  if (period.startDate > period.endDate) return 'The period must start on or before its last day.'
  return null
}
