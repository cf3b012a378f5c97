package org.pgloadbench.server;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * What another local user would try: asks the server on {@code 127.0.0.1:<port>} for a session as
 * the superuser {@code postgres}, with no password, and prints the server's answer: {@code
 * admitted} (authentication ok: the door is open), {@code password required (<code>)} or {@code
 * error}. The tests run it as another OS user; it needs nothing but the JDK.
 */
public final class ForeignClient {
  private ForeignClient() {}

  public static void main(String[] args) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(args[0]))) {
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      byte[] parameters =
          "user\0postgres\0database\0postgres\0\0".getBytes(StandardCharsets.US_ASCII);
      out.writeInt(8 + parameters.length);
      out.writeInt(3 << 16); // protocol 3.0
      out.write(parameters);
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      byte type = in.readByte();
      in.readInt(); // message length
      if (type != 'R') {
        System.out.println("error");
        return;
      }
      int request = in.readInt();
      System.out.println(request == 0 ? "admitted" : "password required (" + request + ")");
    }
  }
}
