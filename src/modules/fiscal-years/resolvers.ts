import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { FiscalYearView } from './fiscal-year-service.js'

const yearOf = (year: FiscalYearView, decimals: number) => ({
  startDate: year.startDate,
  endDate: year.endDate,
  closed: year.closed,
  netIncome: formatMoney(year.netIncomeMinor, decimals),
})

export const fiscalYearResolvers: Resolvers = {
  Query: {
    fiscalYears: async (_, { organizationId }, { principal, services }) => {
      const years = await services.fiscalYears.fiscalYears(principal, organizationId)
      const decimals = currencyDecimals(
        await services.ports.organizations.functionalCurrencyOf(organizationId),
      )
      return years.map((year) => yearOf(year, decimals))
    },
  },
  Mutation: {
    closeFiscalYear: async (_, { organizationId, endDate }, { principal, services }) => {
      const result = await services.fiscalYears.closeFiscalYear(principal, organizationId, endDate)
      const decimals = currencyDecimals(
        await services.ports.organizations.functionalCurrencyOf(organizationId),
      )
      return payloadOf(result, (year) => ({ fiscalYear: yearOf(year, decimals) }), { fiscalYear: null })
    },
    reopenFiscalYear: async (_, { organizationId, ...args }, { principal, services }) => {
      const result = await services.fiscalYears.reopenFiscalYear(principal, organizationId, args)
      const decimals = currencyDecimals(
        await services.ports.organizations.functionalCurrencyOf(organizationId),
      )
      return payloadOf(result, (year) => ({ fiscalYear: yearOf(year, decimals) }), { fiscalYear: null })
    },
  },
}
