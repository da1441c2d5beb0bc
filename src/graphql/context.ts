import type { Services } from '../app.js'
import type { Principal } from '../modules/access/principal.js'

export interface GraphQLContext {
  principal: Principal
  requestId: string
  services: Services
  /** scheme://host of the request, for links in answers (receipt imageUrl). */
  baseUrl: string
}
