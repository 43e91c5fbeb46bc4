package io.raftwire.serializer.contract.ordinary;

import java.util.List;

/** A sealed hierarchy of records, an enum with fields, and records holding them. */
public final class Geometry {

    private Geometry() {
    }

    /** A shape; sealed. */
    public sealed interface Shape permits Circle, Rect {
        /** @return the area */
        double area();
    }

    /** A circle. */
    public record Circle(double radius) implements Shape {
        @Override
        public double area() {
            return Math.PI * radius * radius;
        }
    }

    /** A rectangle. */
    public record Rect(double width, double height) implements Shape {
        @Override
        public double area() {
            return width * height;
        }
    }

    /** Shapes of any kind, in order. */
    public record Drawing(String title, List<Shape> shapes) {
        /** Copies. */
        public Drawing {
            shapes = List.copyOf(shapes);
        }
    }

    /** An enum whose constants carry data. */
    public enum Planet {
        /** The first. */
        MERCURY(3.303e+23, 2.4397e6),
        /** The third. */
        EARTH(5.976e+24, 6.37814e6);

        private final double mass;
        private final double radius;

        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }

        /** @return surface gravity in m/s² */
        public double gravity() {
            return 6.67300E-11 * mass / (radius * radius);
        }
    }

    /** A record holding an enum with fields. */
    public record Orbit(Planet planet, double au, Shape footprint) {
    }
}
