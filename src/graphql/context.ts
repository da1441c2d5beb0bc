import type { Principal } from '../modules/access/principal.js'
import type { Services } from '../services.js'

export interface GraphQLContext {
  principal: Principal
  requestId: string
  services: Services
  /** PUBLIC_URL without a trailing slash, or '' for links relative to this server (receipt imageUrl). */
  baseUrl: string
  /** Where the request came from (request.ip, which honours TRUST_PROXY), for the sign-in quotas. */
  clientAddress: string
}
