import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('Brickfolio: the #root element is missing from index.html')

const root = createRoot(container)
// As a transition, the first render gives the main thread back every few milliseconds instead of holding
// it for the whole tree: on a phone the first screen then shows without long tasks (README, Web speed).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
