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
