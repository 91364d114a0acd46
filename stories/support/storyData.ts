/**
 * Data the stories show. Taken from the contract fixtures (fixtures/session/*.json) where they exist, so the stories
 * show what the server sends.
 */
export {
  anonymousLoginInfo,
  helpDocs,
  loginFrontData,
  onlineData,
  roleLoginInfo,
  sampleMenus as menuListData,
  sampleRoles as siteListData,
  userLoginInfo,
} from '../../src/testing/sampleData';
