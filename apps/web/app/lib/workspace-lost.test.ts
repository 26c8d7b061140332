import { describe, expect, it, vi } from 'vitest';
import { announceWorkspaceLost, losesWorkspace, onWorkspaceLost } from './workspace-lost.ts';

describe('workspace lost', () => {
  it('is team_not_found from a workspace route, not from the team screens’ own routes', () => {
    expect(losesWorkspace('/api/me/reports?offset=0', 'team_not_found')).toBe(true);
    expect(losesWorkspace('/api/site-checks/x', 'team_not_found')).toBe(true);
    expect(losesWorkspace('/api/teams/t/activity', 'team_not_found')).toBe(false);
    expect(losesWorkspace('/api/auth/organization/get-full-organization', 'team_not_found')).toBe(
      false,
    );
    expect(losesWorkspace('/api/me/reports', 'site_check_not_found')).toBe(false);
  });

  it('reaches a listener that subscribes after the announcement, once', async () => {
    announceWorkspaceLost();
    const late = vi.fn();
    const stop = onWorkspaceLost(late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);
    const another = vi.fn();
    const stopAnother = onWorkspaceLost(another);
    await Promise.resolve();
    expect(another).not.toHaveBeenCalled();
    announceWorkspaceLost();
    expect(late).toHaveBeenCalledTimes(2);
    expect(another).toHaveBeenCalledTimes(1);
    stop();
    stopAnother();
  });
});
