import { render } from 'preact'
import { App } from './app'
import { Navigation } from './navigation/navigation'
import { SessionStore } from './session/session-store'
import './styles.css'

const root = document.getElementById('app')
if (!root) throw new Error('index.html has no #app element')
render(<App session={new SessionStore()} navigation={new Navigation()} />, root)
