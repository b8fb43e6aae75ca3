/**
 * The intent library's view of robot bindings (robot_contents, content_type 'intent'), which the
 * robot-contents module owns: bound category ids, bind/unbind, and dropping a category's bindings.
 */
export { bindContents, boundContentIds, dropBindings, unbindContent } from '../robot-contents/robot-contents.service.ts';
