/** What a freeze decision or withdrawal needs before it is sent: requests chosen, a reason (message id, or null). */
export function freezeReasonCheck(requestids: readonly string[], reason: string): string | null {
  if (requestids.length === 0) return 'freeze.selectRequests';
  if (reason.trim() === '') return 'freeze.reasonRequired';
  return null;
}
