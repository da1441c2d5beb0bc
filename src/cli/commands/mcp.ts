import type { Command } from 'commander'
import { CliFailure } from '../shared.js'

export function addMcpCommands(program: Command): void {
  program
    .command('mcp')
    .description('Serve the API to an agent: an MCP server on stdio, with DAYBOOK_URL and DAYBOOK_API_KEY.')
    .action(async () => {
      const { serveMcpOnProcessStdio } = await import('../../mcp/mcp-server.js')
      const served = await serveMcpOnProcessStdio()
      if (!served.ok) throw new CliFailure(served.error)
    })
}
