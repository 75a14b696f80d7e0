/** The alerts feature's public face: the item page's Set Alert button (its dialog loads when first wanted). */
export { SetAlertButton } from './components/set-alert-button.tsx'
