/**
 * The menu icons the route table may name (`RouteDef.icon`), re-exported one by one so the bundle
 * keeps only these; icons.tsx looks them up by name. A new icon in routes.ts is added here once.
 */
export {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  CarOutlined,
  CarryOutOutlined,
  CodeOutlined,
  ContainerOutlined,
  DatabaseOutlined,
  EuroOutlined,
  GatewayOutlined,
  HddOutlined,
  HomeOutlined,
  InboxOutlined,
  NodeIndexOutlined,
  SafetyOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
