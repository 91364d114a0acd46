/** MUI's menu parts (Menu with Popover, MenuList and Grow; MenuItem): a chunk of their own, see LazyMenu.tsx. */
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
