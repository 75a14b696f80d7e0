/** The look of every dropdown menu: the header's account and currency menus, a post's actions, an alert's pause. */
export const menuContentClasses =
  'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto rounded-xl border border-line-strong bg-raised p-1.5 text-fg shadow-2xl shadow-black/60 ' +
  'data-[state=open]:motion-safe:animate-[menu-in_120ms_ease-out]'

export const menuItemClasses =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none transition-colors ' +
  'data-[highlighted]:bg-line data-[highlighted]:text-fg data-[state=checked]:text-fg [&_svg]:shrink-0'
