import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { ReconciliationView } from './reconciliation-service.js'

function reconciliationAnswer(view: ReconciliationView) {
  const decimals = currencyDecimals(view.currency)
  return {
    id: view.id,
    paymentAccountId: view.paymentAccountId,
    statementDate: view.statementDate,
    statementBalance: formatMoney(view.statementBalanceMinor, decimals),
    openingBalance: formatMoney(view.openingBalanceMinor, decimals),
    clearedBalance: formatMoney(view.clearedBalanceMinor, decimals),
    difference: formatMoney(view.differenceMinor, decimals),
    status: view.status,
    clearedEventIds: view.clearedEventIds,
    adjustmentEntryId: view.adjustmentEntryId,
    createdAt: view.createdAt,
    finishedAt: view.finishedAt,
    undoneAt: view.undoneAt,
    undoReason: view.undoReason,
    cancelledAt: view.cancelledAt,
    cancelReason: view.cancelReason,
  }
}

const payload = (view: ReconciliationView) => ({ reconciliation: reconciliationAnswer(view) })

export const reconciliationResolvers: Resolvers = {
  Query: {
    reconciliation: async (_, { organizationId, reconciliationId }, { principal, services }) => {
      const view = valueOrError(
        await services.reconciliations.reconciliation(principal, organizationId, reconciliationId),
      )
      return view && reconciliationAnswer(view)
    },
    listReconciliations: async (
      _,
      { organizationId, paymentAccountId, ...args },
      { principal, services },
    ) => {
      const page = valueOrError(
        await services.reconciliations.listReconciliations(principal, organizationId, paymentAccountId, args),
      )
      return { ...page, items: page.items.map(reconciliationAnswer) }
    },
  },
  Mutation: {
    startReconciliation: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.startReconciliation(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
    startReconciliationFromStatementFile: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.startReconciliationFromStatementFile(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
    setReconciliationCleared: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.setReconciliationCleared(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
    finishReconciliation: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.finishReconciliation(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
    undoReconciliation: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.undoReconciliation(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
    cancelReconciliation: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.reconciliations.cancelReconciliation(principal, organizationId, input),
        payload,
        { reconciliation: null },
      ),
  },
}
