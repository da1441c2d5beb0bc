import { useEffect, useState } from 'preact/hooks'
import type { Outcome } from '../api/outcome'

/**
 * The answer of an async report load, null while it runs. `inputs` names what the load asks for
 * (organization, period, account): when it changes the report loads again, and an older answer
 * that arrives late is dropped.
 */
export function useReport<T>(load: () => Promise<Outcome<T>>, inputs: string): Outcome<T> | null {
  const [answer, setAnswer] = useState<Outcome<T> | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: inputs is what the load depends on
  useEffect(() => {
    let current = true
    setAnswer(null)
    load().then((outcome) => {
      if (current) setAnswer(outcome)
    })
    return () => {
      current = false
    }
  }, [inputs])
  return answer
}
