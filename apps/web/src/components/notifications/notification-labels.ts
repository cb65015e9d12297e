/** 'system' → 'System', 'high' → 'High': how the enum values read on screen. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * docs/screens/notifications.md: the circle shows the first letter of the category ('?' when it has
 * none).
 */
export function categoryInitial(category: string): string {
  return category.trim()[0]?.toUpperCase() ?? '?';
}
