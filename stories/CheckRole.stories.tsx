import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CheckRole } from '../src/pages/CheckRole';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh_CN.json';
import type { AppStoryParameters } from './support/StoryHarness';
import { roleLoginInfo, siteListData, userLoginInfo } from './support/storyData';

const api: AppStoryParameters['api'] = {
  siteList: siteListData,
  changeSiteRole: ({ roleid, siteid }) => ({
    roleid,
    rolecode: siteListData.find((role) => role.roleid === roleid)?.rolecode ?? '',
    siteid,
    allowedPaths: ['/index/statistics'],
  }),
  roleTranAdd: null,
};

const meta = {
  title: 'Pages/CheckRole',
  component: CheckRole,
  parameters: {
    app: { path: '/checkRole', api, session: { info: userLoginInfo } } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof CheckRole>;

export default meta;
type Story = StoryObj<typeof meta>;

const either = (id: keyof typeof zh & keyof typeof en) => new RegExp(`${zh[id]}|${en[id]}`);

/** First choice after logging in: the roles of sitelist.do. */
export const ChooseRoleAndSite: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const role = await canvas.findByLabelText(either('checkRole.role'));
    await expect(within(role).getAllByRole('option').length).toBe(siteListData.length + 1);
  },
};

export const RequiredErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: either('checkRole.confirm') }));
    await expect(canvas.getByText(either('checkRole.role.required'))).toBeInTheDocument();
    await expect(canvas.getByText(either('checkRole.site.required'))).toBeInTheDocument();
  },
};

/** 'Switch role' from the shell: the current role and site are chosen, and Cancel goes back. */
export const SwitchRole: Story = {
  parameters: {
    app: {
      path: '/checkRole',
      api,
      // dm.chen, working as data manager at BJ01
      session: { info: { ...roleLoginInfo, roleid: 'role-dm', rolecode: 'DM', siteid: 'site-bj01' } },
    } satisfies AppStoryParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: either('common.cancel') })).toBeInTheDocument();
    await expect(canvas.getByLabelText(either('checkRole.role'))).toHaveValue('role-dm');
    await expect(canvas.getByLabelText(either('checkRole.site'))).toHaveValue('site-bj01');
  },
};
