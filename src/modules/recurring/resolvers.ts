import type { Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import type { RecurringTemplateView } from './recurring-service.js'

function templateToGraphQL(view: RecurringTemplateView) {
  return {
    id: view.id,
    name: view.name,
    kind: view.kind,
    frequency: view.frequency,
    interval: view.interval,
    dayOfMonth: view.dayOfMonth,
    startDate: view.startDate,
    endDate: view.endDate,
    occurrencesMax: view.occurrencesMax,
    mode: view.mode,
    nextDate: view.nextDate,
    lastDate: view.lastDate,
    occurrenceCount: view.occurrenceCount,
    paused: view.paused,
    lastErrorCode: view.lastErrorCode,
    lastError: view.lastError,
    createdAt: view.createdAt,
  }
}

const templatePayload = (result: Parameters<typeof payloadOf<RecurringTemplateView, object, object>>[0]) =>
  payloadOf(result, (view) => ({ recurringTemplate: templateToGraphQL(view) }), { recurringTemplate: null })

export const recurringResolvers: Resolvers = {
  Query: {
    listRecurringTemplates: async (_, { organizationId, ...args }, { principal, services }) => {
      const page = valueOrError(
        await services.recurring.listRecurringTemplates(principal, organizationId, args),
      )
      return { ...page, items: page.items.map(templateToGraphQL) }
    },
  },
  Mutation: {
    createRecurringTemplate: async (_, { organizationId, input }, { principal, services }) =>
      templatePayload(await services.recurring.createRecurringTemplate(principal, organizationId, input)),
    updateRecurringTemplate: async (_, { organizationId, templateId, input }, { principal, services }) =>
      templatePayload(
        await services.recurring.updateRecurringTemplate(principal, organizationId, templateId, input),
      ),
    pauseRecurringTemplate: async (_, { organizationId, templateId }, { principal, services }) =>
      templatePayload(await services.recurring.pauseRecurringTemplate(principal, organizationId, templateId)),
    resumeRecurringTemplate: async (_, { organizationId, templateId }, { principal, services }) =>
      templatePayload(
        await services.recurring.resumeRecurringTemplate(principal, organizationId, templateId),
      ),
    deleteRecurringTemplate: async (_, { organizationId, templateId }, { principal, services }) =>
      templatePayload(
        await services.recurring.deleteRecurringTemplate(principal, organizationId, templateId),
      ),
  },
  LedgerEvent: {
    recurringTemplateId: async ({ organizationId, id }, _, { principal, services }) =>
      (
        await services.recurring.occurrenceOf(
          principal,
          organizationId,
          id,
          'LedgerEvent.recurringTemplateId',
        )
      )?.templateId ?? null,
    occurrenceDate: async ({ organizationId, id }, _, { principal, services }) =>
      (
        await services.recurring.occurrenceOf(
          principal,
          organizationId,
          id,
          'LedgerEvent.recurringTemplateId',
        )
      )?.occurrenceDate ?? null,
  },
  JournalEntry: {
    recurringTemplateId: async ({ organizationId, entry }, _, { principal, services }) =>
      (
        await services.recurring.occurrenceOf(
          principal,
          organizationId,
          entry.id,
          'JournalEntry.recurringTemplateId',
        )
      )?.templateId ?? null,
    occurrenceDate: async ({ organizationId, entry }, _, { principal, services }) =>
      (
        await services.recurring.occurrenceOf(
          principal,
          organizationId,
          entry.id,
          'JournalEntry.recurringTemplateId',
        )
      )?.occurrenceDate ?? null,
  },
  Invoice: {
    recurringTemplateId: async ({ organizationId, id }, _, { principal, services }) =>
      (await services.recurring.occurrenceOf(principal, organizationId, id, 'Invoice.recurringTemplateId'))
        ?.templateId ?? null,
    occurrenceDate: async ({ organizationId, id }, _, { principal, services }) =>
      (await services.recurring.occurrenceOf(principal, organizationId, id, 'Invoice.recurringTemplateId'))
        ?.occurrenceDate ?? null,
  },
}
