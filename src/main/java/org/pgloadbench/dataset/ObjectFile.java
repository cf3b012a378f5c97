package org.pgloadbench.dataset;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgloadbench.copy.Utf8Text;

/**
 * The decoded objects of one middle table, on disk in file order: what a PBF is turned into once,
 * before any clock starts, and what every load then streams, in any COPY format and middle format.
 *
 * <p>A record is the id, then by table: a node's lat and lon; a way's ref count and its refs, each
 * as the difference to the one before; a relation's member count and per member a type byte, ref
 * and role; then the tag count and keys and values. Numbers are zigzag varints, strings a varint
 * byte length and UTF-8. No record depends on the one before, so a load can start at any record: a
 * side file holds the byte offset of every {@link #STRIDE}th record, which is how a slice for a
 * parallel COPY starts where it should.
 */
final class ObjectFile {
  static final int STRIDE = 4096;
  private static final int BUFFER = 1 << 16;

  private ObjectFile() {}

  static Path index(Path data) {
    return data.resolveSibling(data.getFileName() + ".idx");
  }

  /** Appends records; {@link #close} flushes both files. */
  static final class Writer implements AutoCloseable {
    private final MiddleTable table;
    private final OutputStream data;
    private final DataOutputStream index;
    private final byte[] buffer = new byte[BUFFER];
    private int position;
    private long flushed;

    /** Records written: every {@link #STRIDE}th one's offset goes to the index. */
    private long count;

    Writer(Path file, MiddleTable table) throws IOException {
      this.table = table;
      this.data = Files.newOutputStream(file);
      this.index =
          new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(index(file))));
    }

    void write(OsmObject o) throws IOException {
      if (count++ % STRIDE == 0) {
        index.writeLong(flushed + position);
      }
      varint(o.id);
      switch (table) {
        case NODES -> {
          varint(o.lat);
          varint(o.lon);
        }
        case WAYS -> {
          varint(o.refCount);
          long previous = 0;
          for (int i = 0; i < o.refCount; i++) {
            varint(o.refs[i] - previous);
            previous = o.refs[i];
          }
        }
        case RELS -> {
          varint(o.memberCount);
          for (int i = 0; i < o.memberCount; i++) {
            room(1);
            buffer[position++] = o.memberTypes[i];
            varint(o.memberRefs[i]);
            string(o.memberRoles[i]);
          }
        }
      }
      varint(o.tagCount);
      for (int i = 0; i < 2 * o.tagCount; i++) {
        string(o.tags[i]);
      }
    }

    private void string(CharSequence s) throws IOException {
      byte[] utf8 = s.toString().getBytes(StandardCharsets.UTF_8);
      varint(utf8.length);
      room(utf8.length);
      if (utf8.length > buffer.length) {
        data.write(utf8);
        flushed += utf8.length;
        return;
      }
      System.arraycopy(utf8, 0, buffer, position, utf8.length);
      position += utf8.length;
    }

    private void varint(long value) throws IOException {
      room(10);
      long v = (value << 1) ^ (value >> 63);
      while ((v & ~0x7FL) != 0) {
        buffer[position++] = (byte) ((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      buffer[position++] = (byte) v;
    }

    private void room(int bytes) throws IOException {
      if (position + bytes > buffer.length) {
        data.write(buffer, 0, position);
        flushed += position;
        position = 0;
      }
    }

    @Override
    public void close() throws IOException {
      try (data;
          index) {
        data.write(buffer, 0, position);
      }
    }
  }

  /** Reads records from a given one on, into a reused {@link OsmObject}. */
  static final class Reader implements AutoCloseable {
    private final MiddleTable table;
    private final InputStream in;
    private final byte[] buffer = new byte[BUFFER];
    private int position;
    private int limit;

    /** Positioned at record {@code first}. */
    Reader(Path file, MiddleTable table, long first) throws IOException {
      this.table = table;
      long block = first / STRIDE;
      long start = 0;
      if (block > 0) {
        try (RandomAccessFile index = new RandomAccessFile(index(file).toFile(), "r")) {
          index.seek(8 * block);
          start = index.readLong();
        }
      }
      RandomAccessFile data = new RandomAccessFile(file.toFile(), "r");
      data.seek(start);
      this.in = Channels.newInputStream(data.getChannel());
      OsmObject skipped = new OsmObject();
      for (long i = block * STRIDE; i < first; i++) {
        read(skipped.clear());
      }
    }

    /** Fills {@code o} (cleared by the caller) with the next record. */
    void read(OsmObject o) throws IOException {
      o.id = varint();
      switch (table) {
        case NODES -> {
          o.lat = (int) varint();
          o.lon = (int) varint();
        }
        case WAYS -> {
          int count = (int) varint();
          long ref = 0;
          for (int i = 0; i < count; i++) {
            ref += varint();
            o.addRef(ref);
          }
        }
        case RELS -> {
          int count = (int) varint();
          for (int i = 0; i < count; i++) {
            char type = (char) readByte();
            long ref = varint();
            o.addMember(type, ref, string(o));
          }
        }
      }
      int tags = (int) varint();
      for (int i = 0; i < tags; i++) {
        Utf8Text key = string(o);
        o.addTag(key, string(o));
      }
    }

    private long varint() throws IOException {
      long v = 0;
      for (int shift = 0; ; shift += 7) {
        int b = readByte();
        v |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          return (v >>> 1) ^ -(v & 1);
        }
      }
    }

    private int readByte() throws IOException {
      if (position == limit) {
        fill();
      }
      return buffer[position++];
    }

    private void fill() throws IOException {
      limit = in.read(buffer, 0, buffer.length);
      position = 0;
      if (limit <= 0) {
        limit = 0;
        throw new EOFException("the decoded OSM data ends early");
      }
    }

    /** Copies a UTF-8 string into a scratch buffer of {@code o}: no allocation per value. */
    private Utf8Text string(OsmObject o) throws IOException {
      Utf8Text s = o.scratch();
      for (int remaining = (int) varint(); remaining > 0; remaining--) {
        s.appendUtf8Byte(readByte());
      }
      return s;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
