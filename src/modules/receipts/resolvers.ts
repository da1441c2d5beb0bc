import type { Receipt, Resolvers } from '../../graphql/generated/resolvers-types.js'
import { payloadOf, valueOrError } from '../../graphql/payload.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney, moneyToNumber } from '../../kernel/money.js'
import type { ReceiptView } from './receipt-service.js'

export function receiptToGraphQL(receipt: ReceiptView, baseUrl: string): Receipt {
  return {
    id: receipt.id,
    vendorName: receipt.vendorName,
    vendorNameConfidence: receipt.vendorConfidence,
    amount:
      receipt.amountMinor === null
        ? null
        : moneyToNumber(receipt.amountMinor, currencyDecimals(receipt.currency)),
    currency: receipt.currency,
    amountConfidence: receipt.amountConfidence,
    receiptDate: receipt.receiptDate,
    receiptDateConfidence: receipt.dateConfidence,
    supplierBusinessNumber: receipt.supplierBusinessNumber,
    taxAmount:
      receipt.taxMinor === null ? null : formatMoney(receipt.taxMinor, currencyDecimals(receipt.currency)),
    extractionStatus: receipt.extractionStatus,
    status: receipt.status,
    source: receipt.source,
    imageUrl: `${baseUrl}/files/${receipt.s3Key}`,
    event: receipt.event,
    filename: receipt.filename,
    s3Key: receipt.s3Key,
    uploadedAt: receipt.createdAt,
    extractionError: receipt.extractionError,
    extractionErrorCode: receipt.extractionErrorCode,
  }
}

export const receiptResolvers: Resolvers = {
  Query: {
    listReceipts: async (_, { organizationId, ...args }, { principal, services, baseUrl }) => {
      const page = valueOrError(await services.receipts.listReceipts(principal, organizationId, args))
      return { ...page, items: page.items.map((receipt) => receiptToGraphQL(receipt, baseUrl)) }
    },
  },
  Mutation: {
    attachReceiptToEvent: async (_, { organizationId, ...input }, { principal, services }) =>
      payloadOf(
        await services.receipts.attachReceiptToEvent(principal, organizationId, input),
        (receiptId) => ({ receiptId }),
        { receiptId: null },
      ),
    updateReceipt: async (_, { organizationId, receiptId, ...input }, { principal, services, baseUrl }) =>
      payloadOf(
        await services.receipts.updateReceipt(principal, organizationId, receiptId, input),
        (receipt) => ({ receipt: receiptToGraphQL(receipt, baseUrl) }),
        { receipt: null },
      ),
    rejectReceipt: async (_, { organizationId, receiptId }, { principal, services, baseUrl }) =>
      payloadOf(
        await services.receipts.rejectReceipt(principal, organizationId, receiptId),
        (receipt) => ({ receipt: receiptToGraphQL(receipt, baseUrl) }),
        { receipt: null },
      ),
  },
}
