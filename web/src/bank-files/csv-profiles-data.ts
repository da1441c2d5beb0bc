import { useClient, useQuery } from '@urql/preact'
import { useState } from 'preact/hooks'
import {
  CreateCsvProfileDocument,
  type CsvImportProfileInput,
  type CsvProfileFieldsFragment,
  CsvProfilesDocument,
  DeleteCsvProfileDocument,
  UpdateCsvProfileDocument,
} from '../api/generated/bank-files'
import { mutate } from '../api/mutate'

/** An account's CSV layouts as the API lists them, and the calls that change them. */
export function useCsvProfiles(organizationId: string, paymentAccountId: string) {
  const client = useClient()
  const [profiles, refetch] = useQuery({
    query: CsvProfilesDocument,
    variables: { organizationId, paymentAccountId },
  })
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const refresh = () => refetch({ requestPolicy: 'network-only' })

  async function remove(profile: CsvProfileFieldsFragment) {
    if (!profile.id) return
    const profileId = profile.id
    const outcome = await mutate(
      client,
      DeleteCsvProfileDocument,
      { organizationId, profileId },
      (data) => data.deleteCsvImportProfile,
    )
    setRowErrors((before) => {
      const after = new Map(before)
      if (outcome.ok) after.delete(profileId)
      else after.set(profileId, outcome.error)
      return after
    })
    if (outcome.ok) refresh()
  }

  /** Changes the layout of that id, or adds one to the account without. */
  function save(profileId: string | null, input: CsvImportProfileInput) {
    return profileId !== null
      ? mutate(
          client,
          UpdateCsvProfileDocument,
          { organizationId, profileId, profile: input },
          (data) => data.updateCsvImportProfile,
        )
      : mutate(
          client,
          CreateCsvProfileDocument,
          { organizationId, paymentAccountId, profile: input },
          (data) => data.createCsvImportProfile,
        )
  }

  return { profiles, rowErrors, refresh, remove, save }
}
